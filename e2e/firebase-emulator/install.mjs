// Firebase's Auth Emulator (firebase-tools, about 300 MB) is a tool of one browser test: it is kept
// out of the project's dependencies and installed once per machine and version, in a folder named
// by its lock file's hash under the user's cache (FIREBASE_EMULATOR_DIR to choose another), so a
// run finds it there and a new version installs beside the old one.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const here = import.meta.dirname;

/** Where this version of the emulator is installed. */
export function emulatorDir() {
  if (process.env.FIREBASE_EMULATOR_DIR) return path.resolve(process.env.FIREBASE_EMULATOR_DIR);
  const lock = fs.readFileSync(path.join(here, "package-lock.json"));
  const version = createHash("sha256").update(lock).digest("hex").slice(0, 12);
  return path.join(os.homedir(), ".cache", "storefront-firebase-emulator", version);
}

/** The emulator's command. */
export function emulatorBin() {
  return path.join(emulatorDir(), "node_modules", ".bin", "firebase");
}

/** Installs the emulator where it is missing; resolves with npm's exit code (0 when it was there). */
export function installEmulator() {
  if (fs.existsSync(emulatorBin())) return Promise.resolve(0);
  const folder = emulatorDir();
  fs.mkdirSync(folder, { recursive: true });
  for (const file of ["package.json", "package-lock.json"])
    fs.copyFileSync(path.join(here, file), path.join(folder, file));
  return new Promise((resolve) => {
    // Without install scripts: its optional native RE2 build is minutes of compiling the emulator does not need.
    const install = spawn("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--prefix", folder], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    install.on("exit", (code) => resolve(code ?? 1));
  });
}
