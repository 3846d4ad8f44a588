// npm run native:sync -w @storefront/native -- [--partner <code>] [--version <x.y.z>]
// Configures the app for the partner (scripts/configure.ts), builds the storefront's app bundle for
// the partner into www/, makes android/ and ios/ anew when they belong to another application id
// (Capacitor writes the id into them only when it adds them), then copies the configuration and
// www/ into both with `cap sync`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  appBundleEnvironment,
  nativePartnerSchema,
  withAndroidPermissions,
  withIosLocationReason,
} from "../src/capacitor-config.ts";

const app = path.resolve(import.meta.dirname, "..");
const web = path.resolve(app, "../web");
const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync(command, args, { cwd: app, stdio: "inherit", env: { ...process.env, ...env } });

const { values } = parseArgs({ options: { partner: { type: "string" }, version: { type: "string" } } });
run(process.execPath, [
  "--import",
  "tsx",
  "scripts/configure.ts",
  ...(values.partner ? ["--partner", values.partner] : []),
]);
const code = values.partner ?? process.env.NATIVE_PARTNER ?? "demo";
const partner = nativePartnerSchema.parse(
  JSON.parse(fs.readFileSync(path.join(app, "partners", `${code}.json`), "utf8")),
);
// The bundle's version (what a published release of it is called), so the app knows the bundle it
// was built with is that release.
run("npm", ["run", "build:app", "-w", "@storefront/web"], {
  ...appBundleEnvironment(partner),
  BUILD_VERSION: values.version ?? "dev",
});
fs.rmSync(path.join(app, "www"), { recursive: true, force: true });
fs.cpSync(path.join(web, "build-app/client"), path.join(app, "www"), { recursive: true });
const { appId } = JSON.parse(fs.readFileSync(path.join(app, "capacitor.config.json"), "utf8")) as {
  appId: string;
};
const gradle = path.join(app, "android/app/build.gradle");
const platformsId = fs.existsSync(gradle)
  ? fs.readFileSync(gradle, "utf8").match(/applicationId "([^"]+)"/)?.[1]
  : undefined;
if (platformsId !== appId) {
  console.log(`android/ and ios/ are for ${platformsId ?? "nobody"}: making them for ${appId}`);
  for (const platform of ["android", "ios"]) {
    fs.rmSync(path.join(app, platform), { recursive: true, force: true });
    run("npx", ["cap", "add", platform]);
  }
}
// What the app asks the system for, kept in the platforms however they were made.
const patch = (file: string, change: (text: string) => string) => {
  const full = path.join(app, file);
  fs.writeFileSync(full, change(fs.readFileSync(full, "utf8")));
};
patch("android/app/src/main/AndroidManifest.xml", withAndroidPermissions);
patch("ios/App/App/Info.plist", (plist) => withIosLocationReason(plist, partner.appName));
run("npx", ["cap", "sync"]);
