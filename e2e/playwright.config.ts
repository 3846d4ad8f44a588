import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { disablingFeatures, playwrightDisabledFeatures, UNSHOWN_BROWSER_UI } from "./chromium-features.ts";
import { port, serversReadyPort } from "./server-data.ts";

function roomySharedMemory(): boolean {
  try {
    const shm = fs.statfsSync("/dev/shm");
    return shm.bavail * shm.bsize >= 2 ** 30;
  } catch {
    return false;
  }
}

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
    // Chromium's own address-bar popups, made for every context and never shown: Playwright's
    // disabled features and these, in the one switch Chromium reads (chromium-features.ts).
    ...disablingFeatures([], [...playwrightDisabledFeatures(), ...UNSHOWN_BROWSER_UI]),
  ],
};

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
      // Every storefront test runs here but those walked on the desktop alone (tests/fixtures.ts).
      grepInvert: [/@only-(tablet|desktop)/, ...(process.env.SCREENSHOTS ? [] : [/@desktop-width/])],
    },
    // The partner console at a counter's tablet, upright: where its paths are tested.
    {
      name: "tablet",
      use: { viewport: { width: 820, height: 1180 }, hasTouch: true, launchOptions: chromium },
      testMatch: /console\.spec\.ts/,
      grepInvert: /@only-(phone|desktop)/,
    },
    // The native app's bundle runs on phones: the phone project checks it. The console's paths are
    // tested once, at the counter's tablet; on a desktop only its layout's own tests run (tagged
    // @desktop: the Arabic board at full width, the keyboard), unless the run takes the docs' pictures.
    {
      name: "desktop",
      use: { viewport: { width: 1280, height: 800 }, launchOptions: chromium },
      // Firebase's sign-in is the same modal at every width: the phone checks it. The courier app is
      // a phone's, held in one hand: the phone checks it.
      testIgnore: [/app-bundle\.spec\.ts/, /firebase-sign-in\.spec\.ts/, /courier-app\.spec\.ts/],
      // A storefront test is walked once, on the phone, where most customers order: the desktop
      // walks its own files, the journeys given to it (atOneWidth("desktop")) and the tests whose
      // subject is the width (atEveryWidth()); the run of the docs' pictures walks every test here.
      // The other runs repeated the phone's server work in a larger window (decision 0184).
      ...(process.env.SCREENSHOTS
        ? {}
        : {
            grep: [
              /@(only-)?desktop/,
              /@every-width/,
              /(navigation|console|white-label|keyboard|web-push)\.spec\.ts/,
            ],
          }),
      grepInvert: [
        /@only-(phone|tablet)/,
        ...(process.env.SCREENSHOTS ? [] : [/console\.spec\.ts(?!.*@desktop)/, /@phone-width/]),
      ],
    },
  ],
  // Every server the tests need, started side by side (a minute one after the other); ready once
  // all of them answer. See servers.ts.
  webServer: {
    command: "node --import tsx start-servers.ts",
    url: `http://127.0.0.1:${serversReadyPort}/`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
