import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** Longer than the storefront's build takes on this machine (about a minute). */
const STALE_LOCK_MS = 10 * 60_000;

/** The storefront's build, as the server hosts it. */
export const WEB_BUILD_DIR = path.join(repoRoot, "apps/web/build");

/**
 * Makes the storefront's build when it is missing (a fresh checkout runs these tests before the
 * browser tests build it). Test files run side by side: one builds, under a lock, the others wait.
 */
export async function ensureWebBuild(): Promise<string> {
  const built = () => fs.existsSync(path.join(WEB_BUILD_DIR, "server/index.js"));
  const lock = path.join(repoRoot, "apps/web/.build-lock");
  while (!built()) {
    try {
      fs.mkdirSync(lock);
    } catch {
      // A lock older than a build can take was left by a run that was killed: take it over.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(500);
      continue;
    }
    try {
      if (!built())
        execFileSync("npm", ["run", "build", "-w", "@storefront/web"], { cwd: repoRoot, stdio: "ignore" });
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return WEB_BUILD_DIR;
}
