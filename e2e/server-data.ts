import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const port = Number(process.env.E2E_PORT ?? 3111);
/** One folder per port, so two checkouts can run their browser tests side by side. */
export const dataDir = path.join(os.tmpdir(), `storefront-e2e-${port}`);

/**
 * The secrets the server under test made for its demo partner at first start; another server's
 * (the Stripe storefront's) from its own data folder.
 */
export function demoSecrets(folder = dataDir): {
  externalSignInSecret: string;
  opsKeys: { dispatch: string; courier: string };
  staffPassword: string;
} {
  return JSON.parse(fs.readFileSync(path.join(folder, "demo-secrets.json"), "utf8"));
}

/** Where the browser tests serve the native app's bundle: its own origin, as in the app's webview. */
export const appPort = port + 1;

/** The super-admin's key of the server under test (a loopback server of the test run only). */
export const superAdminKey = "e2e-super-admin-key-of-the-browser-tests";

/**
 * The storefront that takes cards through Stripe (PAYMENT_PROVIDER=stripe), a second demo server of
 * its own, and the stand-in for Stripe it calls: both on loopback ports of this run only.
 */
export const stripe = {
  shopPort: port + 2,
  shopUrl: `http://127.0.0.1:${port + 2}`,
  dataDir: path.join(os.tmpdir(), `storefront-e2e-stripe-${port}`),
  port: port + 3,
  url: `http://127.0.0.1:${port + 3}`,
  secretKey: "sk_test_standin_of_the_browser_tests",
  webhookSecret: "whsec_standin_of_the_browser_tests",
  /** A Stripe account of a brand's own (white-label.spec.ts), which the stand-in knows. */
  partnerSecretKey: "sk_test_verde_own_account_7788",
};

/**
 * Firebase's Auth Emulator (firebase-tools), where a city whose customers sign in with Firebase sends
 * its codes in the browser tests (firebase-sign-in.spec.ts): a demo project, which the emulator
 * serves without an account, on loopback ports of this run only.
 */
export const firebase = {
  projectId: "demo-storefront-e2e",
  port: port + 4,
  host: `127.0.0.1:${port + 4}`,
  hubPort: port + 5,
  loggingPort: port + 6,
  configDir: path.join(os.tmpdir(), `storefront-e2e-firebase-${port}`),
};

/**
 * Firebase Cloud Messaging at the network edge, beside Stripe's stand-in (provider-stand-ins.ts):
 * the Stripe storefront sends its partners' native pushes there (FCM_API_URL), and the operator's
 * page checks a brand's service account key with it (white-label.spec.ts).
 */
export const fcm = { port: port + 8, url: `http://127.0.0.1:${port + 8}` };

/** Where start-servers.ts answers once every server of the tests answers. */
export const serversReadyPort = port + 7;
