// npm run ops-keys -- create|list|revoke: the operator's keys to the ops API (vendors, couriers,
// dispatch). A production deployment has none until the operator makes them here.
import { parseArgs } from "node:util";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { createOpsKey, type OpsRole } from "../orders/ops-keys.ts";
import { listOpsKeys, revokeOpsKey } from "../orders/ops-keys-repository.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";

const USAGE = `usage:
  npm run ops-keys -- create --partner CODE --role VENDOR|COURIER|DISPATCH --name NAME [--vendor ID]
  npm run ops-keys -- list --partner CODE
  npm run ops-keys -- revoke --partner CODE --id ID`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    partner: { type: "string" },
    role: { type: "string" },
    name: { type: "string" },
    vendor: { type: "string" },
    id: { type: "string" },
  },
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

const command = positionals[0];
if (!values.partner || !["create", "list", "revoke"].includes(command ?? ""))
  fail("which command and partner?");
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const partner = await findPartnerOfCode(database.db, values.partner);
  if (!partner) fail(`no partner ${values.partner}`);
  if (command === "create") {
    const role = values.role as OpsRole;
    if (!["VENDOR", "COURIER", "DISPATCH"].includes(role) || !values.name)
      fail("create needs --role and --name");
    if (role === "VENDOR" && !values.vendor) fail("a VENDOR key needs --vendor");
    const made = await createOpsKey(database.db, {
      partnerId: partner.id,
      role,
      name: values.name,
      vendorId: values.vendor ? Number(values.vendor) : undefined,
    });
    console.log(`ops key ${made.id} (${role}) for ${partner.code}; shown only now:\n${made.key}`);
  } else if (command === "list") {
    for (const key of await listOpsKeys(database.db, partner.id)) {
      console.log(
        `${key.id}\t${key.role}\t${key.vendorId ?? "-"}\t${key.name}\t${key.createdAt.toISOString()}`,
      );
    }
  } else {
    const id = Number(values.id);
    if (!Number.isInteger(id)) fail("revoke needs --id");
    console.log(
      (await revokeOpsKey(database.db, partner.id, id)) ? `ops key ${id} revoked` : `no ops key ${id}`,
    );
  }
} finally {
  await database.close();
}
