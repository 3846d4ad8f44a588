// npm run partner-hosts -- add|list|remove: the host names each partner's storefront and console
// answer on. While none is recorded, the deployment serves PARTNER_CODE's partner on every host; once
// one is, a host no partner has answers a plain 404.
import { parseArgs } from "node:util";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import {
  addPartnerHost,
  hostNameOf,
  isHostName,
  listPartnerHosts,
  removePartnerHost,
} from "../partners/partner-hosts.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";
import { announceChange } from "./announce-change.ts";

const USAGE = `usage:
  npm run partner-hosts -- add --partner CODE --host shop.example
  npm run partner-hosts -- list
  npm run partner-hosts -- remove --host shop.example`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { partner: { type: "string" }, host: { type: "string" } },
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const command = positionals[0];
if (!["add", "list", "remove"].includes(command ?? "")) fail("which command?");
const host = values.host === undefined ? undefined : hostNameOf(values.host);
if (command !== "list" && (!host || !isHostName(host))) fail("a host name, such as shop.example, is needed");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (command === "add") {
    if (!values.partner) fail("add needs --partner");
    const partner = await findPartnerOfCode(database.db, values.partner);
    if (!partner) fail(`no partner ${values.partner}`);
    if (await addPartnerHost(database.db, partner.id, host as string)) {
      const seen = await announceChange(config, catalogueChanges.hosts());
      console.log(`${host} now serves ${partner.code} (${seen})`);
    } else console.log(`${host} is already recorded (npm run partner-hosts -- list)`);
  } else if (command === "list") {
    const rows = await listPartnerHosts(database.db);
    if (rows.length === 0) console.log(`no host recorded: every host serves ${config.partnerCode}`);
    for (const row of rows) console.log(`${row.host}\t${row.partnerCode}`);
  } else {
    if (await removePartnerHost(database.db, host as string)) {
      const seen = await announceChange(config, catalogueChanges.hosts());
      console.log(`${host} removed (${seen})`);
    } else console.log(`${host} was not recorded`);
  }
} finally {
  await database.close();
}
