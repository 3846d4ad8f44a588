// npm start and npm run start:cluster: build the storefront, the console and the courier app when a
// build is missing or older than its sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** The browser apps the server hosts: where each build's last file lands, and what it is made of. */
const APPS = [
  {
    name: "the storefront",
    workspace: "@storefront/web",
    override: "WEB_BUILD_DIR",
    entry: "apps/web/build/server/index.js",
    sources: ["apps/web/app", "apps/web/public", "apps/web/locales", "packages/domain/src"],
  },
  {
    name: "the console",
    workspace: "@storefront/console",
    override: "CONSOLE_BUILD_DIR",
    entry: "apps/console/build/client/index.html",
    sources: ["apps/console/app", "apps/console/public", "apps/console/locales", "packages/domain/src"],
  },
  {
    name: "the courier app",
    workspace: "@storefront/courier",
    override: "COURIER_BUILD_DIR",
    entry: "apps/courier/build/index.html",
    sources: [
      "apps/courier/src",
      "apps/courier/service-worker",
      "apps/courier/vite.config.ts",
      "apps/courier/locales",
      "apps/courier/index.html",
      "packages/domain/src",
    ],
  },
];

function newestChange(dir) {
  if (!fs.existsSync(dir)) return 0;
  // A source may be one file (the courier app's index.html).
  if (fs.statSync(dir).isFile()) return fs.statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds each app unless its build is newer than every source; exits when a build fails. An
 * operator's own build (WEB_BUILD_DIR, CONSOLE_BUILD_DIR, COURIER_BUILD_DIR) is used as it is.
 */
export function ensureWebBuild() {
  for (const app of APPS) {
    if (process.env[app.override]) continue;
    const entry = path.join(root, app.entry);
    const built = fs.existsSync(entry) ? fs.statSync(entry).mtimeMs : 0;
    const sources = app.sources.map((dir) => newestChange(path.join(root, dir)));
    if (built >= Math.max(...sources)) continue;
    console.log(`building ${app.name}…`);
    const result = spawnSync("npm", ["run", "build", "-w", app.workspace], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
