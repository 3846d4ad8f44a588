import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const port = Number(process.env.E2E_PORT ?? 3111);
/** One folder per port, so two checkouts can run their browser tests side by side. */
export const dataDir = path.join(os.tmpdir(), `storefront-e2e-${port}`);

/** The secrets the server under test made for its demo partner at first start. */
export function demoSecrets(): {
  externalSignInSecret: string;
  opsKeys: { dispatch: string; courier: string };
  staffPassword: string;
} {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "demo-secrets.json"), "utf8"));
}

/** Where the browser tests serve the native app's bundle: its own origin, as in the app's webview. */
export const appPort = port + 1;

/** The super-admin's key of the server under test (a loopback server of the test run only). */
export const superAdminKey = "e2e-super-admin-key-of-the-browser-tests";
