// npm run partner:create -- …: a new partner on this deployment, whole: its brand, its host, its first
// city and its first OWNER, who sets a password from the printed link (48 hours) and runs the rest
// (vendors, menus, zone, staff) from the console.
import { parseArgs } from "node:util";
import { NEW_CITY_RADIUS_KM, SUPPORTED_LOCALES } from "@storefront/domain";
import { newPartnerSchema } from "@storefront/domain/contract";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { loadConfig } from "../config.ts";
import { passwordLinkOf } from "../console/password-tokens.ts";
import { openDatabase } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { createPartner } from "../partners/create-partner.ts";
import { PartnerHosts } from "../partners/partner-hosts.ts";
import { announceChange } from "./announce-change.ts";

const USAGE = `usage: npm run partner:create -- --code CODE --name NAME --host HOST
    --city CODE --city-name NAME --lang ${SUPPORTED_LOCALES.join("|")} --currency EUR --country LV
    --time-zone Europe/Riga --center LATITUDE,LONGITUDE [--radius-km 8]
    --owner-email E-MAIL --owner-name NAME --support-email E-MAIL --support-phone +371…
    [--colour #0f766e]`;

/** Each option, and where its value goes in the new partner (newPartnerSchema). */
const OPTIONS = {
  code: "code",
  name: "name",
  host: "host",
  colour: "brandColour",
  "support-email": "supportEmail",
  "support-phone": "supportPhone",
  city: "city.code",
  "city-name": "city.name",
  lang: "city.lang",
  currency: "city.currencyCode",
  country: "city.countryCode",
  "time-zone": "city.timeZone",
  center: "city.center",
  "radius-km": "city.radiusKm",
  "owner-email": "owner.email",
  "owner-name": "owner.name",
} as const;
type Option = keyof typeof OPTIONS;

const text = { type: "string" } as const;
const { values } = parseArgs({
  options: Object.fromEntries(Object.keys(OPTIONS).map((name) => [name, text])),
});
const option = (name: Option) => values[name];
const number = (value: string | undefined) =>
  value === undefined || value === "" ? undefined : Number(value);
const [latitude, longitude] = (option("center") ?? "").split(",").map(number);
const parsed = newPartnerSchema.safeParse({
  code: option("code"),
  name: option("name"),
  host: option("host"),
  brandColour: option("colour") ?? "#0f766e",
  supportEmail: option("support-email"),
  supportPhone: option("support-phone"),
  city: {
    code: option("city"),
    name: option("city-name"),
    lang: option("lang"),
    currencyCode: option("currency"),
    countryCode: option("country"),
    timeZone: option("time-zone"),
    center: { latitude, longitude },
    radiusKm: number(option("radius-km")) ?? NEW_CITY_RADIUS_KM.default,
  },
  owner: { email: option("owner-email"), name: option("owner-name") },
});
if (!parsed.success) {
  const flagOf = (path: PropertyKey[]) => {
    const field = path.join(".");
    const found = Object.entries(OPTIONS).find(([, at]) => field === at || field.startsWith(`${at}.`));
    return found ? found[0] : field;
  };
  const problems = parsed.error.issues.map((issue) => `  --${flagOf(issue.path)}: ${issue.message}`);
  console.error(`${problems.join("\n")}\n${USAGE}`);
  process.exit(2);
}
const args = parsed.data;
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const made = await createPartner(database.db, { ...args, now: new Date() }, null);
  const seen = await announceChange(config, catalogueChanges.hosts());
  const address = await new PartnerHosts(database.db, config.partnerCode).publicUrlOf(
    args.code,
    config.publicUrl,
  );
  console.log(
    `${args.name} (${args.code}) is served at ${address} (${seen}).\n` +
      `Its owner ${args.owner.email} sets a password from this link, once, within 48 hours:\n` +
      passwordLinkOf(address, args.city.lang, made.ownerToken),
  );
} catch (error) {
  if (error instanceof AppError && error.status === 409) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
