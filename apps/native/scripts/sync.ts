// npm run native:sync -w @storefront/native -- [--partner <code>]
// Configures the app for the partner (scripts/configure.ts), makes android/ and ios/ anew when they
// belong to another application id (Capacitor writes the id into them only when it adds them), then
// copies the configuration and www/ into both with `cap sync`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const app = path.resolve(import.meta.dirname, "..");
const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: app, stdio: "inherit" });

run(process.execPath, ["--import", "tsx", "scripts/configure.ts", ...process.argv.slice(2)]);
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
run("npx", ["cap", "sync"]);
