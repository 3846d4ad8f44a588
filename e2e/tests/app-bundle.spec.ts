// Not the suite's fixtures: their visitor address header (X-Forwarded-For) is no header a page's
// script sends, so a cross-origin call carrying it would fail the API's CORS check. The app's
// visitors come from the loopback address.
import { expect, type Page, type Request, test } from "@playwright/test";
import { appPort } from "../server-data.ts";
import { consoleStaff } from "./console-staff.ts";
import { choosePayment, newPhone, signInWithCode } from "./customer.ts";
import { publishIosRelease, publishReleaseNeeding9, STORE } from "./releases.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { screenshot } from "./screenshots.ts";
import { say } from "./words.ts";

/**
 * The native app's own bundle (a single-page build of the storefront's routes), served from an
 * origin of its own as Capacitor serves it from the device, with the test bridge in place of the
 * native shell: the platform the shell would report, and its version.
 */
const APP = `http://127.0.0.1:${appPort}`;

/**
 * The test bridge: the shell's platform and version, and stand-ins for its plugins that the test
 * drives through `window.shell` (push taps, resuming, the device's location switched on) or through
 * the browser (the connection).
 */
async function openApp(
  page: Page,
  path: string,
  // Without a version the shell does not say one, and the app looks for no update.
  {
    appVersion = null,
    platform = "android",
  }: { appVersion?: string | null; platform?: "android" | "ios" } = {},
) {
  await page.addInitScript(
    ({ version, platform }) => {
      const shell = {
        splashHidden: 0,
        settingsOpened: 0,
        locationOn: false,
        pushTap: null as ((data: unknown) => void) | null,
        resumes: new Set<() => void>(),
        downloads: [] as unknown[],
        next: null as string | null,
        restarted: 0,
      };
      let memory = { lastInstalledVersion: null, brokenVersion: null };
      Object.assign(window, {
        shell,
        storefrontTestBridge: {
          platform,
          appVersion: () => Promise.resolve(version),
          // The device's bundles: what the updater asks of them is recorded, the plugin's job is not done.
          liveUpdate: {
            download: async (release: unknown) => {
              shell.downloads.push(release);
            },
            setNext: async (next: string) => {
              shell.next = next;
            },
            bundles: async () => [],
            delete: async () => {},
          },
          updateMemory: {
            read: async () => memory,
            write: async (changes: object) => {
              memory = { ...memory, ...changes };
            },
          },
          runningBundle: async () => null,
          bundleStarted: async () => {},
          restart: async () => {
            shell.restarted += 1;
          },
          hideSplash: async () => {
            shell.splashHidden += 1;
          },
          registerPush: () => Promise.resolve("fcm-token-of-this-phone"),
          onPushTap: (listener: (data: unknown) => void) => {
            shell.pushTap = listener;
            return () => {};
          },
          // Kyiv: another locality than the Riga the tests start in.
          getCurrentPosition: () =>
            shell.locationOn
              ? Promise.resolve({ latitude: 50.4501, longitude: 30.5234 })
              : Promise.reject(
                  Object.assign(new Error("Location services are not enabled"), {
                    code: "OS-PLUG-GLOC-0007",
                  }),
                ),
          openLocationSettings: async () => {
            shell.settingsOpened += 1;
          },
          onResume: (listener: () => void) => {
            shell.resumes.add(listener);
            return () => shell.resumes.delete(listener);
          },
          // The device's connection, as the Network plugin reports it. The plugin's own web build is
          // a chunk fetched on its first use: once the test has cut the network, it could not come
          // (run 2 of stop 57), which a device, reading the bundle from its own storage, never sees.
          onNetworkChange: (listener: (online: boolean) => void) => {
            const offline = () => listener(false);
            const online = () => listener(true);
            window.addEventListener("offline", offline);
            window.addEventListener("online", online);
            return () => {
              window.removeEventListener("offline", offline);
              window.removeEventListener("online", online);
            };
          },
        },
      });
    },
    { version: appVersion, platform },
  );
  await page.goto(`${APP}${path}`);
}

/** What the test bridge saw, and its controls. */
interface Shell {
  splashHidden: number;
  settingsOpened: number;
  locationOn: boolean;
  pushTap: ((data: unknown) => void) | null;
  resumes: Set<() => void>;
  downloads: Array<{ version: string; url: string; checksum?: string }>;
  next: string | null;
  restarted: number;
}
const shellOf = (page: Page) => page.evaluate(() => (window as unknown as { shell: Shell }).shell);

/** Every call the page's scripts make to the storefront's API (pictures are not calls). */
function apiCalls(page: Page, api: string): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "fetch" && request.url().startsWith(`${api}/api/`)) calls.push(request);
  });
  return calls;
}

test("the app's bundle opens on the customer's locality and shows what the app shows", async ({ page }) => {
  await openApp(page, "/");
  await expect(page).toHaveURL(`${APP}/en/riga`);
  await expect(page.getByRole("heading", { name: "Restaurants and stores in Riga" })).toBeVisible();
  // The native splash goes once the storefront is on screen, once.
  await expect.poll(async () => (await shellOf(page)).splashHidden).toBe(1);
  // A picture the API names by its path comes from the storefront's server, not the device.
  // (A card's picture is decoration, alt="": no role to find it by.)
  const card = page.getByRole("article").first().locator("img").first();
  await expect(card).toHaveJSProperty("complete", true);
  expect(await card.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The app's own controls: a back button where the web has its logo, no language switcher.
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Language" })).toHaveCount(0);
});

test("in the app a customer signs in, orders and follows the order with the bearer token the app keeps; no cookie is used", async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  test.setTimeout(180_000);
  const api = baseURL as string;
  const calls = apiCalls(page, api);
  const tracking = { urls: [] as string[], frames: [] as string[] };
  page.on("websocket", (socket) => {
    tracking.urls.push(socket.url());
    socket.on("framereceived", (frame) => tracking.frames.push(String(frame.payload)));
  });
  const vendor = await openRestaurant(page);
  await openApp(page, `/en/riga/vendor/${vendor.id}?address=${ADDRESS}`);
  await page
    .getByRole("button", { name: `Add ${vendor.plain.name} to the cart` })
    .first()
    .click();
  await page.getByRole("link", { name: "Open the cart" }).click();
  const cart = page.getByRole("dialog", { name: "Cart" });
  await cart.getByRole("button", { name: `One more ${vendor.plain.name}` }).click();
  await cart.getByRole("button", { name: "Go to checkout" }).click();

  // Checkout asks for the sign-in; the answer's token is kept by the app, not as a cookie.
  // The new customer names themselves as part of signing in, before placing the order.
  await signInWithCode(page, newPhone(99), "Anna");
  await expect(page).toHaveURL(`${APP}/en/cart`);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();

  // Collected at the counter: the demo's kitchen alone takes it to its end (its delivery, with the
  // simulated courier, is orders.spec's to follow).
  await page.getByText("Takeaway", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Takeaway" })).toBeChecked();
  // Paid at the counter: no courier takes it.
  await choosePayment(page, "Payment", "Cash at pick-up");
  await page.getByRole("button", { name: "Place the order" }).click();
  const success = page.getByRole("dialog", { name: "Order placed" });
  await expect(success.getByText(/^Order No\. \d+$/)).toBeVisible();
  await success.getByRole("link", { name: "Follow the order" }).click();
  // The status page follows the order (the demo's restaurant is quick: it may have moved on to the
  // details of the completed order already).
  await expect(page).toHaveURL(/\/en\/menu\/orders\/\d+\/(status|details)/);
  const orderId = Number(/orders\/(\d+)\//.exec(page.url())?.[1]);
  // It is picked up at the restaurant: its address, and directions in the phone's map app.
  const pickUp = page.getByRole("region", { name: "Pick-up address" });
  await expect(pickUp.getByText(vendor.address, { exact: true })).toBeVisible();
  await expect(pickUp.getByRole("link", { name: `Directions to ${vendor.name}` })).toHaveAttribute(
    "href",
    `https://www.google.com/maps/dir/?api=1&destination=${vendor.place}`,
  );
  // The kitchen's console shows a takeaway, with no address for anyone to go to.
  const kitchen = await consoleStaff(browser, {
    baseURL: api,
    email: "manager@dostavka.example",
    viewport: { width: 1280, height: 800 },
  });
  await kitchen.goto(`/console/en/orders/${orderId}`);
  await expect(kitchen.getByRole("definition").filter({ hasText: /^Takeaway$/ })).toBeVisible();
  await expect(kitchen.getByRole("term").filter({ hasText: /^Address$/ })).toHaveCount(0);
  await kitchen.context().close();
  // The tracking socket names the session in its address (a socket sends no headers) and gets the
  // order's status, the current one first.
  await expect
    .poll(() => tracking.frames.some((frame) => frame.includes('"ORDER_STATUS_UPDATE"')))
    .toBe(true);
  expect(tracking.urls[0]).toMatch(/[?&]token=[\w-]{10,}/);
  // The demo's kitchen cooks it (its own cooking time) and the customer collects it while the page follows.
  await expect
    .poll(() => tracking.frames.some((frame) => frame.includes('"COMPLETED"')), { timeout: 60_000 })
    .toBe(true);

  // The device's push token was registered for the session, with the platform.
  const registered = calls.find((call) => call.url().endsWith("/customer/me/session/fcm-token"));
  expect(registered?.method()).toBe("PUT");
  expect(registered?.postDataJSON()).toEqual({
    token: "fcm-token-of-this-phone",
    projectId: "dostavka-demo",
  });
  // The app restarts: the customer is still signed in, from the app's own storage.
  await page.goto(`${APP}/en/menu`);
  await expect(page.getByRole("link", { name: "Personal info", exact: true })).toBeVisible();

  // A tap on the message that the order was completed opens the order's details.
  await page.waitForFunction(() => (window as unknown as { shell: Shell }).shell.pushTap !== null);
  await page.evaluate(
    (id) =>
      (window as unknown as { shell: Shell }).shell.pushTap?.({
        type: "OrderStatusChangedEvent",
        orderID: id,
        status: "COMPLETED",
      }),
    orderId,
  );
  await expect(page).toHaveURL(`${APP}/en/menu/orders/${orderId}/details`);

  const login = calls.findIndex((call) => call.url().includes("/customer/auth/login"));
  expect(login).toBeGreaterThan(0);
  const customerCalls = calls.slice(login + 1).filter((call) => call.url().includes("/api/customer/"));
  expect(customerCalls.length).toBeGreaterThan(5);
  for (const call of calls) {
    const headers = await call.allHeaders();
    expect(headers["x-platform"], call.url()).toBe("android");
    expect(headers.cookie, call.url()).toBeUndefined();
  }
  for (const call of customerCalls)
    expect((await call.allHeaders()).authorization, call.url()).toMatch(/^Bearer \S{10,}$/);
  expect(await context.cookies([APP, api])).toEqual([]);
});

for (const lang of ["en", "ar"] as const) {
  test(`the app's bundle asks for a newer app when the partner's release needs one (${lang})`, async ({
    page,
    baseURL,
  }) => {
    await publishReleaseNeeding9(baseURL as string);
    await page
      .context()
      .route(STORE, (route) =>
        route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Store</title>" }),
      );
    // The shell reports its own version; the release is read from the server, across origins.
    await openApp(page, `/${lang}/riga`, { appVersion: "8.9.1" });
    const alert = page.getByRole("alertdialog", { name: say(lang, "app.update.title") });
    await expect(alert.getByText(say(lang, "app.update.message"))).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await screenshot(page, `app-bundle-update-phone-${lang}`);
    await alert.getByRole("button", { name: say(lang, "app.update.open") }).click();
    await expect(page).toHaveURL(STORE);
  });
}

test("on Android the app offers the location settings when the device's location is off, and reads it again on return", async ({
  page,
}) => {
  await openApp(page, "/en/riga");
  await page.getByRole("button", { name: "City: Riga. Change" }).click();
  await page.getByRole("button", { name: "Use my location" }).click();
  const off = page.getByRole("alertdialog", { name: "Location is off" });
  await expect(off.getByText("Turn on location in the phone's settings")).toBeVisible();
  await screenshot(page, "app-bundle-location-settings-phone-en");
  await off.getByRole("button", { name: "Open settings" }).click();
  await expect.poll(async () => (await shellOf(page)).settingsOpened).toBe(1);
  // The customer turns location on and comes back to the app: the nearest city is found.
  await page.evaluate(() => {
    const { shell } = window as unknown as { shell: Shell };
    shell.locationOn = true;
    for (const resume of shell.resumes) resume();
  });
  await expect(page).toHaveURL(new RegExp(`^${APP}/en/kyiv(\\?|$)`));
});

test("in the app a lost connection is said, and the page reloads when it is back", async ({
  page,
  context,
}) => {
  await openApp(page, "/en/riga");
  await expect(page.getByRole("heading", { name: "Restaurants and stores in Riga" })).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByRole("alert").filter({ hasText: "No internet connection" })).toBeVisible();
  const reloaded = page.waitForEvent("load");
  await context.setOffline(false);
  await reloaded;
  await expect(page.getByRole("heading", { name: "Restaurants and stores in Riga" })).toBeVisible();
});

test("in the app a network error at startup shows the error page with status 500", async ({
  page,
  baseURL,
}) => {
  // The API cannot be reached as the app starts: each of its calls fails as a lost network does.
  await page.route(`${baseURL}/api/**`, (route) => route.abort("internetdisconnected"));
  await openApp(page, "/en/riga");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Sorry, the service is temporarily broken",
  );
  await expect(page.getByText("500", { exact: true })).toBeVisible();
  await expect(page.getByText("Thank you for your patience: we are already fixing it.")).toBeVisible();
});

test("the app downloads the partner's newer bundle, sets it for the next start and offers to restart now", async ({
  page,
  baseURL,
}) => {
  // On iOS: the Android release belongs to the tests of the 'app should be updated' alert.
  const release = await publishIosRelease(baseURL as string, "9.1.0");
  await openApp(page, "/en/riga", { appVersion: "2.0.0", platform: "ios" });
  const ready = page.getByRole("alertdialog", { name: "A new version is ready" });
  await expect(ready.getByText("Restart the app to use it now")).toBeVisible();
  await screenshot(page, "app-bundle-update-ready-phone-en");
  const shell = await shellOf(page);
  expect(shell.downloads).toEqual([
    expect.objectContaining({ version: "9.1.0", url: release.url, checksum: release.checksum }),
  ]);
  expect(shell.next).toBe("9.1.0");
  await ready.getByRole("button", { name: "Restart" }).click();
  await expect.poll(async () => (await shellOf(page)).restarted).toBe(1);
});
