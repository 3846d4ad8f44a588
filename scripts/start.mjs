// npm start: build the web app when its build is missing or older than its sources, then run the
// API process, which applies migrations, seeds an empty database and serves the built storefront.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
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

const built = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
if (built < Math.max(...sources.map(newestChange))) {
  console.log("building the storefront…");
  const result = spawnSync("npm", ["run", "build", "-w", "@storefront/web"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// One process: TypeScript is compiled on load by tsx, so a signal to this PID stops the server.
const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/api/src/server.ts"));
