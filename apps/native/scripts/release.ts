// npm run app:release [-- --partner <code>] [--version <x.y.z>] [--min-native <x.y.z>]
//   [--ios-store <link>] [--android-store <link>]
// Builds the storefront's app bundle for the partner (as native:sync does, without Capacitor's
// platforms) and publishes it as the release installed apps update to, into the API's updates folder
// (UPDATES_DIR, else DATA_DIR/updates): on a fresh demo, /updates/demo/customer/metadata.json answers.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { appBundleEnvironment, nativePartnerSchema } from "../src/capacitor-config.ts";
import { releaseOf } from "../src/first-release.ts";
import { publishUpdate } from "../src/publish-update.ts";

const app = path.resolve(import.meta.dirname, "..");
const root = path.resolve(app, "../..");
const { values } = parseArgs({
  options: {
    partner: { type: "string" },
    version: { type: "string" },
    "min-native": { type: "string" },
    "ios-store": { type: "string" },
    "android-store": { type: "string" },
  },
});
const code = values.partner ?? process.env.NATIVE_PARTNER ?? "demo";
const partner = nativePartnerSchema.parse(
  JSON.parse(fs.readFileSync(path.join(app, "partners", `${code}.json`), "utf8")),
);
const release = releaseOf(partner, {
  version: values.version,
  minNativeVersion: values["min-native"],
  iosStore: values["ios-store"],
  androidStore: values["android-store"],
});
// The bundle knows the release it is, so the app does not download itself again.
execFileSync("npm", ["run", "build:app", "-w", "@storefront/web"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, ...appBundleEnvironment(partner), BUILD_VERSION: release.version },
});
const dataDir = process.env.DATA_DIR ?? path.join(root, "data");
try {
  const metadata = await publishUpdate({
    ...release,
    bundleDir: path.join(root, "apps/web/build-app/client"),
    updatesDir: path.resolve(process.env.UPDATES_DIR ?? path.join(dataDir, "updates")),
  });
  console.log(JSON.stringify(metadata, null, 2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
