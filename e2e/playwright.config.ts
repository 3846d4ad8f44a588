import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { appPort, dataDir, firebase, port, stripe, superAdminKey } from "./server-data.ts";

function roomySharedMemory(): boolean {
  try {
    const shm = fs.statfsSync("/dev/shm");
    return shm.bavail * shm.bsize >= 2 ** 30;
  } catch {
    return false;
  }
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

/** Debian's Chromium, started the way this machine's closed network needs; no browser is downloaded. */
const chromium = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  // Playwright tells Chromium to keep its shared memory in /tmp files, for containers whose
  // /dev/shm is 64 MB. This machine kind's /dev/shm is a tmpfs as large as its memory, and the files
  // cost Chromium's browser and compositor processes about half their CPU (62 s → 34 s over the
  // alerts spec on the phone): where /dev/shm is roomy, Chromium uses it, as it does by default.
  ignoreDefaultArgs: roomySharedMemory() ? ["--disable-dev-shm-usage"] : [],
  args: [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

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

export default defineConfig({
  testDir: "tests",
  // Two browsers and the server share two cores in CI: a step may wait a while for its answer.
  // These bound how long a test waits for what the customer would see; they measure nothing.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  // In CI a test that fails once is run once more and, if it passes, reported as flaky by name in
  // the list: a slow machine does not refuse a landing, and the flaky test stays in sight to fix.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    // Recording a trace costs the browser about a third of its time (screencast frames of every
    // step): CI records the retry of a failed test, enough to see why; a local run keeps each failure's.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // Each test is a new browser profile, where the storefront's service worker would install and
    // fetch the whole build again (107 files) and take an anonymous copy of every page seen (a
    // second render on the server). The worker is the offline spec's subject, which allows it.
    serviceWorkers: "block",
  },
  projects: [
    // The navigation rules are server redirects: one project checks them.
    {
      name: "phone",
      // A Pixel 7's screen, touch and browser; drawn at one device pixel per CSS pixel unless the run
      // takes pictures for the docs: what the tests read (roles, texts, layout in CSS pixels) is the
      // same at any density, and the phone's 2.6 cost about a sixth of each phone test's time.
      use: {
        ...devices["Pixel 7"],
        ...(process.env.SCREENSHOTS ? {} : { deviceScaleFactor: 1 }),
        launchOptions: chromium,
      },
      // The console is for tablets and desktops: the tablet project and the desktop one check it.
      // A phone is touched, not tabbed through: the keyboard's tests run on the desktop.
      testIgnore: [
        /navigation\.spec\.ts/,
        /console\.spec\.ts/,
        /white-label\.spec\.ts/,
        /keyboard\.spec\.ts/,
        // Web push is the same worker on every width: the desktop checks it.
        /web-push\.spec\.ts/,
      ],
    },
    // The partner console at a counter's tablet, upright: where its paths are tested.
    {
      name: "tablet",
      use: { viewport: { width: 820, height: 1180 }, hasTouch: true, launchOptions: chromium },
      testMatch: /console\.spec\.ts/,
    },
    // The native app's bundle runs on phones: the phone project checks it. The console's paths are
    // tested once, at the counter's tablet; on a desktop only its layout's own tests run (tagged
    // @desktop: the Arabic board at full width, the keyboard), unless the run takes the docs' pictures.
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      // Firebase's sign-in is the same modal at every width: the phone checks it.
      testIgnore: [/app-bundle\.spec\.ts/, /firebase-sign-in\.spec\.ts/],
      ...(process.env.SCREENSHOTS ? {} : { grepInvert: /console\.spec\.ts(?!.*@desktop)/ }),
    },
  ],
  webServer: [
    {
      // A fresh database each run, seeded at start; pictures come from the shared test cache. On the
      // PostgreSQL server `npm test` finds (E2E_DATABASE_URL), else embedded PGlite as `npm start`.
      command: e2eDatabase
        ? `rm -rf "${dataDir}" && node fresh-database.mjs "${e2eDatabase.server}" ${e2eDatabase.name} && node ../scripts/start.mjs`
        : `rm -rf "${dataDir}" && node ../scripts/start.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
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
      command: `firebase emulators:start --only auth --project ${firebase.projectId} --config "${firebaseConfig()}"`,
      url: `http://${firebase.host}/`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { FIREBASE_CLI_DISABLE_UPDATE_CHECK: "true", CI: "true" },
    },
    {
      // Stripe at the network edge (stripe.spec.ts): the stand-in the API tests use, as a process.
      command: "node --import tsx stripe-stand-in-server.ts",
      // Ready once it answers an API call, here the 401 of a call without a key.
      url: `${stripe.url}/v1/customers`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // A second demo storefront, which takes cards through Stripe (its stand-in above).
      command: `rm -rf "${stripe.dataDir}" && node ../scripts/start.mjs`,
      url: `${stripe.shopUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
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
        // The operator's page, where a partner is given its own Stripe account (stripe.spec.ts).
        SUPER_ADMIN_KEY: superAdminKey,
        PAYMENT_KEYS_SECRET: "the payment keys secret of the browser tests",
      },
    },
    {
      // The native app's own bundle, built for this server, on an origin of its own.
      command: "npm run build:app -w @storefront/web && node --import tsx app-bundle-server.ts",
      url: `http://127.0.0.1:${appPort}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        APP_PORT: String(appPort),
        APP_SERVER_ORIGIN: `http://127.0.0.1:${port}`,
        PUSH_PROJECT_ID: "dostavka-demo",
      },
    },
  ],
});
