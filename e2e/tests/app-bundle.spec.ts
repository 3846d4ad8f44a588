// Not the suite's fixtures: their visitor address header (X-Forwarded-For) is no header a page's
// script sends, so a cross-origin call carrying it would fail the API's CORS check. The app's
// visitors come from the loopback address.
import { expect, type Page, type Request, test } from "@playwright/test";
import { appPort } from "../server-data.ts";
import { choosePayment, codeFor, newPhone } from "./customer.ts";
import { publishReleaseNeeding9, STORE } from "./releases.ts";
import { ADDRESS, openRestaurant } from "./restaurants.ts";
import { say } from "./words.ts";

/**
 * The native app's own bundle (a single-page build of the storefront's routes), served from an
 * origin of its own as Capacitor serves it from the device, with the test bridge in place of the
 * native shell: the platform the shell would report, and its version.
 */
const APP = `http://127.0.0.1:${appPort}`;

async function openApp(page: Page, path: string, appVersion = "9.0.0") {
  await page.addInitScript((version) => {
    Object.assign(window, { storefrontTestBridge: { platform: "android", appVersion: version } });
  }, appVersion);
  await page.goto(`${APP}${path}`);
}

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
}) => {
  test.setTimeout(120_000);
  const api = baseURL as string;
  const calls = apiCalls(page, api);
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
  const signIn = page.getByRole("dialog", { name: "Sign in" });
  const phone = newPhone(99);
  await signIn.getByRole("textbox", { name: "Phone number" }).fill(phone);
  await signIn.getByRole("button", { name: "Get the code" }).click();
  await signIn.getByRole("textbox", { name: "Code from the SMS" }).fill(await codeFor(page, phone));
  await signIn.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${APP}/en/cart`);
  await expect(page.getByRole("heading", { name: "Checkout" })).toBeVisible();

  await choosePayment(page, "Payment", "Cash to the courier");
  await page.getByRole("button", { name: "Place the order" }).click();
  const success = page.getByRole("dialog", { name: "Order placed" });
  await expect(success.getByText(/^Order No\. \d+$/)).toBeVisible();
  await success.getByRole("link", { name: "Follow the order" }).click();
  await expect(page).toHaveURL(/\/en\/menu\/orders\/\d+\/status$/);
  // The tracking socket names the session in its address (a socket sends no headers).
  await expect(page.getByText(/^Your courier: /)).toBeVisible({ timeout: 45_000 });

  // The app restarts: the customer is still signed in, from the app's own storage.
  await page.goto(`${APP}/en/menu`);
  await expect(page.getByRole("link", { name: "Personal info", exact: true })).toBeVisible();

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
    await openApp(page, `/${lang}/riga`, "8.9.1");
    const alert = page.getByRole("alertdialog", { name: say(lang, "app.update.title") });
    await expect(alert.getByText(say(lang, "app.update.message"))).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await page.screenshot({ path: `../docs/screenshots/app-bundle-update-phone-${lang}.png` });
    await alert.getByRole("button", { name: say(lang, "app.update.open") }).click();
    await expect(page).toHaveURL(STORE);
  });
}
