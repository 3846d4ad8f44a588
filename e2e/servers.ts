import fs from "node:fs";
import os from "node:os";
import path from "node:path";
// @ts-expect-error: a plain module of the scripts, without types
import { emulatorBin } from "./firebase-emulator/install.mjs";
import { appPort, dataDir, fcm, firebase, port, stripe, superAdminKey } from "./server-data.ts";

/** A server the browser tests need: how it starts, where it answers once ready, its settings. */
export interface TestServer {
  command: string;
  url: string;
  /** How long it may take to answer (ms). */
  timeout: number;
  env?: Record<string, string>;
}

/**
 * The browser tests' database on a PostgreSQL server, when one is given: a database of its own per
 * port (two checkouts run side by side), made again empty at each run.
 */
const e2eDatabase = (() => {
  const server = process.env.E2E_DATABASE_URL;
  if (!server) return null;
  const name = `storefront_e2e_${port}`;
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { server, name, url: url.toString() };
})();

/** The Auth Emulator's settings, written where its command reads them: its ports, no UI. */
function firebaseConfig(): string {
  fs.mkdirSync(firebase.configDir, { recursive: true });
  const file = path.join(firebase.configDir, "firebase.json");
  const host = "127.0.0.1";
  const emulators = {
    auth: { host, port: firebase.port },
    hub: { host, port: firebase.hubPort },
    logging: { host, port: firebase.loggingPort },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  fs.writeFileSync(file, JSON.stringify({ emulators }));
  return file;
}

/** Started side by side by start-servers.ts, before any test runs. */
export const servers: TestServer[] = [
  {
    // A fresh database each run, seeded at start; pictures come from the shared test cache. On the
    // PostgreSQL server `npm test` finds (E2E_DATABASE_URL), else embedded PGlite as `npm start`.
    command: e2eDatabase
      ? `rm -rf "${dataDir}" && node fresh-database.mjs "${e2eDatabase.server}" ${e2eDatabase.name} && node ../scripts/start.mjs`
      : `rm -rf "${dataDir}" && node ../scripts/start.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ...(e2eDatabase ? { DATABASE_URL: e2eDatabase.url } : {}),
      MEDIA_DIR: path.join(os.tmpdir(), "storefront-test-media"),
      LOG_LEVEL: "warn",
      // The browser talks to the server through a proxy on loopback, as in production; each test
      // names its own visitor's address (tests/fixtures.ts), so the sign-in code limits are real.
      TRUST_PROXY: "127.0.0.1",
      // The address the browser uses: the tracking socket takes pages of this origin only.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A browser's subscription on a push service that has forgotten it since (console.spec.ts):
      // FCM's stand-in answers 404 at its address.
      WEB_PUSH_ENDPOINT_ORIGINS: fcm.url,
      // The demo's simulated restaurants and couriers deliver in seconds rather than half an hour.
      SIMULATION_SPEED: "100",
      // The native app's bundle, served by the second server, calls the API from its own origin.
      APP_ORIGINS: `http://127.0.0.1:${appPort}`,
      // The deployment operator's page (white-label.spec.ts).
      SUPER_ADMIN_KEY: superAdminKey,
      // Cities whose customers sign in with Firebase do so with its Auth Emulator (below).
      FIREBASE_AUTH_EMULATOR_HOST: firebase.host,
    },
  },
  {
    // Firebase's Auth Emulator (firebase-sign-in.spec.ts), from firebase-tools; it reaches nothing
    // outside for a demo project.
    command: `"${emulatorBin()}" emulators:start --only auth --project ${firebase.projectId} --config "${firebaseConfig()}"`,
    url: `http://${firebase.host}/`,
    timeout: 120_000,
    env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: "true" },
  },
  {
    // Stripe and FCM at the network edge (stripe.spec.ts, white-label.spec.ts): the stand-ins the API
    // tests use, as a process.
    command: "node --import tsx provider-stand-ins.ts",
    // Ready once Stripe's answers an API call (FCM's started first), here the 401 of a call without a key.
    url: `${stripe.url}/v1/customers`,
    timeout: 60_000,
  },
  {
    // A second demo storefront, which takes cards through Stripe (its stand-in above).
    command: `rm -rf "${stripe.dataDir}" && node ../scripts/start.mjs`,
    url: `${stripe.shopUrl}/api/health`,
    timeout: 180_000,
    env: {
      PORT: String(stripe.shopPort),
      HOST: "127.0.0.1",
      DATA_DIR: stripe.dataDir,
      MEDIA_DIR: path.join(os.tmpdir(), "storefront-test-media"),
      LOG_LEVEL: "warn",
      TRUST_PROXY: "127.0.0.1",
      PUBLIC_URL: stripe.shopUrl,
      SIMULATOR: "false",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
      // Its partners' own push accounts are checked with FCM's stand-in (white-label.spec.ts).
      FCM_API_URL: fcm.url,
      // The operator's page, where a partner is given its own Stripe account (stripe.spec.ts).
      SUPER_ADMIN_KEY: superAdminKey,
      PAYMENT_KEYS_SECRET: "the payment keys secret of the browser tests",
    },
  },
  {
    // The native app's own bundle, built for this server, on an origin of its own.
    command: "npm run build:app -w @storefront/web && node --import tsx app-bundle-server.ts",
    url: `http://127.0.0.1:${appPort}/`,
    timeout: 180_000,
    env: {
      APP_PORT: String(appPort),
      APP_SERVER_ORIGIN: `http://127.0.0.1:${port}`,
      PUSH_PROJECT_ID: "dostavka-demo",
    },
  },
];
