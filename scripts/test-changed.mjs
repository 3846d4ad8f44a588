// npm run test:changed: a quick answer while working. Runs the unit and integration tests that import
// a file changed since the last commit (Vitest's --changed follows the imports), then the browser
// specs of what changed: a spec itself, the console's specs for a change in apps/console, the courier
// app's for apps/courier, the native app's for apps/native, and any spec named on the command line
// (`npm run test:changed -- cart addresses`). `npm test` runs everything before a commit.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureWebBuild, root } from "./web-build.mjs";

const since = process.env.SINCE ?? "HEAD";
const git = (args) =>
  spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout.split("\n").filter(Boolean);
const changed = [
  ...new Set([
    ...git(["diff", "--name-only", since]),
    ...git(["ls-files", "--others", "--exclude-standard"]),
  ]),
];
if (changed.length === 0 && process.argv.length <= 2) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
console.log(`Changed since ${since}: ${changed.length} file(s).`);

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status ?? 1;

let code = run("npx", ["vitest", "run", "--changed", since, "--passWithNoTests"]);

/** Specs that belong to an app: a change there runs them. */
const specsOfApp = {
  "apps/console/": ["console.spec.ts", "white-label.spec.ts"],
  "apps/courier/": ["courier-app.spec.ts"],
  "apps/native/": ["app-bundle.spec.ts", "native-app.spec.ts"],
};
const specs = new Set(
  changed
    .filter((file) => file.startsWith("e2e/tests/") && file.endsWith(".spec.ts"))
    .map((f) => path.basename(f)),
);
for (const [folder, named] of Object.entries(specsOfApp))
  if (changed.some((file) => file.startsWith(folder))) for (const spec of named) specs.add(spec);
for (const name of process.argv.slice(2)) {
  const spec = name.endsWith(".spec.ts") ? name : `${name}.spec.ts`;
  if (!fs.existsSync(path.join(root, "e2e/tests", spec))) {
    console.error(`No browser spec e2e/tests/${spec}`);
    process.exit(1);
  }
  specs.add(spec);
}
const present = [...specs].filter((spec) => fs.existsSync(path.join(root, "e2e/tests", spec)));
if (present.length > 0) {
  console.log(`Browser specs: ${present.join(", ")}`);
  ensureWebBuild();
  code ||= run("npm", ["test", "-w", "@storefront/e2e", "--", ...present.map((spec) => `tests/${spec}`)]);
} else if (changed.some((file) => file.startsWith("apps/web/")))
  console.log("The storefront changed: name the browser specs to run (npm run test:changed -- cart).");
process.exit(code);
