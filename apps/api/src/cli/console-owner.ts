// npm run console-owner -- --partner CODE --email E-MAIL --name NAME [--locale en]: invites a
// partner's first OWNER to the console and prints the one-time link that sets their password (48
// hours). A production deployment has no staff until the operator invites one here; that owner
// invites the rest from the console.
import { parseArgs } from "node:util";
import { isSupportedLocale } from "@storefront/domain";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { inviteOwner } from "../console/owner-invitation.ts";
import { passwordLinkOf } from "../console/password-tokens.ts";
import { openDatabase } from "../db/client.ts";
import { PartnerHosts } from "../partners/partner-hosts.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";

const USAGE = "usage: npm run console-owner -- --partner CODE --email E-MAIL --name NAME [--locale en]";

const { values } = parseArgs({
  options: {
    partner: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    locale: { type: "string", default: "en" },
  },
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const email = z.email().safeParse(values.email);
if (!values.partner || !email.success || !values.name?.trim()) fail("which partner, e-mail and name?");
if (!isSupportedLocale(values.locale)) fail(`no console language ${values.locale}`);
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const partner = await findPartnerOfCode(database.db, values.partner);
  if (!partner) fail(`no partner ${values.partner}`);
  const invited = await inviteOwner(database.db, {
    partnerId: partner.id,
    email: email.data,
    name: values.name.trim(),
    now: new Date(),
  });
  if (!invited) fail(`${email.data} already has a console account`);
  console.log(
    `${email.data} is invited as the owner of ${partner.code}. This link sets their password, once, within 48 hours:\n` +
      passwordLinkOf(
        await new PartnerHosts(database.db, config.partnerCode).publicUrlOf(partner.code, config.publicUrl),
        values.locale,
        invited.token,
      ),
  );
} finally {
  await database.close();
}
