// npm run native:configure -w @storefront/native -- [--partner <code>]
// Writes capacitor.config.json for the partner of partners/{code}.json (NATIVE_PARTNER, else demo).
// `npm run native:sync` then builds the app's web bundle into www/ and copies both into android/
// and ios/.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { capacitorConfigFor, nativePartnerSchema } from "../src/capacitor-config.ts";

const app = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({ options: { partner: { type: "string" } } });
const code = values.partner ?? process.env.NATIVE_PARTNER ?? "demo";
const file = path.join(app, "partners", `${code}.json`);
if (!fs.existsSync(file)) {
  console.error(`no partners/${code}.json: copy partners/demo.json and fill it in`);
  process.exit(2);
}
const parsed = nativePartnerSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
if (!parsed.success) {
  for (const issue of parsed.error.issues)
    console.error(`partners/${code}.json ${issue.path.join(".")}: ${issue.message}`);
  process.exit(2);
}
fs.writeFileSync(
  path.join(app, "capacitor.config.json"),
  `${JSON.stringify(capacitorConfigFor(parsed.data), null, 2)}\n`,
);
console.log(`configured the app of ${code}: ${parsed.data.appName} (${parsed.data.appId})`);
