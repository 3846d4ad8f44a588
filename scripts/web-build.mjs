// npm start and npm run start:cluster: build the web app when its build is missing or older than its
// sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "apps/web/build/server/index.js");
const sources = ["apps/web/app", "apps/web/public", "packages/domain/src"].map((dir) => path.join(root, dir));

function newestChange(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Builds the storefront unless its build is newer than every source; exits when the build fails. An
 * operator's own build (WEB_BUILD_DIR) is used as it is.
 */
export function ensureWebBuild() {
  if (process.env.WEB_BUILD_DIR) return;
  const built = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
  if (built >= Math.max(...sources.map(newestChange))) return;
  console.log("building the storefront…");
  const result = spawnSync("npm", ["run", "build", "-w", "@storefront/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
