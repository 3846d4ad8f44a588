import type { Page } from "@playwright/test";
import { cartInBrowser, signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, onlyAtWidth, pageIsLive, test } from "./fixtures.ts";
import { ADDRESS } from "./restaurants.ts";

/**
 * Section 9's timers, on the page's own clock (Playwright's, held still and moved by hand): the
 * layout follows a resize 250 ms after it stops; tag managers hear of a signed-in customer 3 s after
 * the page knows them; the floating cart button, a button's checkmark, the cart's second check and its cutlery check, the
 * language list and the page's language each wait their own time.
 */

/** Holds the page's clock still from the next page on: its timers wait until the test moves it. */
async function holdClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

/**
 * What the page's scripts have sent so far, counted by the page itself: a request the page's timer
 * makes during `clock.runFor` is counted before the next step reads the count (Playwright's request
 * events may arrive a moment later, and a check for "none yet" would pass one that came too soon).
 */
async function countSentRequests(page: Page, pattern: RegExp) {
  await page.addInitScript(() => {
    const sent: string[] = [];
    const send = window.fetch.bind(window);
    Object.assign(window, { sentByPage: sent });
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      sent.push(`${method.toUpperCase()} ${new URL(url, location.href).pathname}`);
      return send(input, init);
    };
  });
  return () =>
    page.evaluate(
      (source) =>
        (window as unknown as { sentByPage: string[] }).sentByPage.filter((line) =>
          new RegExp(source).test(line),
        ).length,
      pattern.source,
    );
}

/** Opens a vendor page with the page's clock held still (timers wait until the test moves it). */
async function openVendorWithHeldClock(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto("/en/riga?page=4&switchLocale=1");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Pica Fornello/ })
    .first()
    .click();
  return page.getByRole("button", { name: "Minimum order" });
}

/**
 * The minimum order's hint is a tooltip on desktop (the button is described by it) and a popup on
 * phones. Turning to a phone's width, and waiting past the debounce, shows the page is live.
 */
async function waitUntilLiveAtPhoneWidth(page: Page, hint: ReturnType<Page["getByRole"]>) {
  await expect(hint).toHaveAccessibleDescription(/Orders from/);
  await page.setViewportSize({ width: 400, height: 800 });
  // The wait moves no time on the page's clock: a page slow to render under load is given three
  // seconds, so the loop stops in the first 300 ms step after the page is live, not one step later.
  await expect(async () => {
    await page.clock.runFor(300);
    await expect(hint).toHaveAccessibleDescription("", { timeout: 3000 });
  }).toPass();
}

test("the layout follows a resize 250 ms after the window stops changing, not before", async ({ page }) => {
  const hint = await openVendorWithHeldClock(page);
  await waitUntilLiveAtPhoneWidth(page, hint);

  // The page's clock moves only once the page has heard of the resize (its own listener first, so
  // the layout's 250 ms are counted from then): a busy browser may deliver the event late.
  await page.evaluate(() => {
    const page = window as unknown as { heardResize: Promise<void> };
    page.heardResize = new Promise((resolve) =>
      window.addEventListener("resize", () => resolve(), { once: true }),
    );
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => (window as unknown as { heardResize: Promise<void> }).heardResize);
  await page.clock.runFor(240);
  await expect(hint).toHaveAccessibleDescription("");
  await page.clock.runFor(20);
  await expect(hint).toHaveAccessibleDescription(/Orders from/);
});

test("the data layer hears of the signed-in customer 3 s after the page knows them", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 95 : 96);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto("/en/riga");
  // The page knows the customer once it is live (the root's effect and the data layer's run in the
  // same commit), with the clock still held: the 3 s count from the clock's first move.
  await pageIsLive(page);
  const userSet = () =>
    page.evaluate(
      () =>
        ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter(
          (entry) => entry.event === "userSet",
        ).length,
    );
  await page.clock.runFor(2_900);
  expect(await userSet()).toBe(0);
  await page.clock.runFor(200);
  await expect.poll(userSet).toBe(1);
});

test(
  "the floating cart button loads for 1 s and bumps for 500 ms, an added dish's checkmark stays 500 ms, and the cart is checked again 300 ms after it opens",
  // The floating button is the phone's: a desktop has the header's cart instead.
  onlyAtWidth("phone"),
  async ({ page }, info) => {
    const { cartId, vendorId, dish } = await cartInBrowser(page, info.project.use.baseURL as string);
    const cartReads = await countSentRequests(page, new RegExp(`^GET /api/carts/${cartId}$`));
    await holdClock(page);
    await page.goto(`/en/riga/vendor/${vendorId}?address=${ADDRESS}`);
    await pageIsLive(page);

    // The cart the visitor had: its button comes in with its loading look, for a second.
    const floating = page.getByRole("link", { name: /Your order/ });
    await expect(floating).toHaveClass(/cart-load/);
    // In a landmark of its own, which a screen reader's list of landmarks reaches.
    await expect(page.getByRole("complementary", { name: "Your order" })).toContainText("Your order");
    await page.clock.runFor(990);
    await expect(floating).toHaveClass(/cart-load/);
    await page.clock.runFor(20);
    await expect(floating).not.toHaveClass(/cart-load/);

    // One more of the dish: the button that added it shows a checkmark, the cart button bumps, both
    // for half a second.
    const add = page.getByRole("button", { name: `Add ${dish.name} to the cart` }).first();
    const plus = add.locator(":scope > span").first();
    const added = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && response.url().endsWith(`/api/carts/${cartId}/products`),
    );
    await add.click();
    await added;
    await expect(floating).toHaveClass(/cart-bump/);
    await expect(plus).toBeHidden();
    await page.clock.runFor(490);
    await expect(floating).toHaveClass(/cart-bump/);
    await expect(plus).toBeHidden();
    await page.clock.runFor(20);
    await expect(floating).not.toHaveClass(/cart-bump/);
    await expect(plus).toBeVisible();

    // The cart page shows the cart the page knows, and asks the server again 300 ms after it opens;
    // the floating button is not shown over it, nor on the support page.
    await page.goto("/en/cart");
    await pageIsLive(page);
    await expect(floating).toHaveCount(0);
    const before = await cartReads();
    await page.clock.runFor(290);
    expect(await cartReads()).toBe(before);
    await page.clock.runFor(20);
    expect(await cartReads()).toBe(before + 1);
    await page.goto("/en/support");
    await expect(page.getByRole("heading", { name: "Support", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Dostavka — Support");
    await expect(floating).toHaveCount(0);
    // Nor over the address form or the cart opened on a page, nor on a content page; it is back on
    // the page once the cart's own close control takes the cart away.
    await page.clock.resume();
    for (const modal of ["AuthAddressModal", "Cart"]) {
      await page.goto(`/en/riga/vendor/${vendorId}?modal=${modal}`);
      await expect(page.getByRole("dialog").first()).toBeVisible();
      await expect(floating).toHaveCount(0);
    }
    const cart = page.getByRole("dialog", { name: "Cart" });
    // The cart (a module of its own) is live once its dialog is a modal one: the server draws it open,
    // and its script shows it as a modal as it takes it over. A tap sooner would reach no script.
    await page.locator("dialog:modal").waitFor({ state: "attached" });
    await cart.getByRole("button", { name: "Close" }).click();
    await expect(cart).toBeHidden();
    await expect(floating).toBeVisible();
    await page.goto("/en/cms/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(floating).toHaveCount(0);
    // A content page keeps its footer on a phone (the desktop shows it with the header only).
    await expect(page.getByRole("contentinfo")).toBeVisible();
  },
);

test(
  "cutlery the vendor no longer gives is set back to 0, 100 ms after the cart shows it",
  atOneWidth("phone"),
  async ({ page }, info) => {
    const { vendorId, dish } = await cartInBrowser(page, info.project.use.baseURL as string);
    // Cutlery is the vendor's part of the cart: set on the vendor cart (a number), not the cart.
    const resets = await countSentRequests(page, /^PUT \/api\/carts\/\d+\/cutlery$/);
    // The cart, drawn open by the server, is live once its dialog is a modal one; then the clock holds.
    await page.clock.install();
    await page.goto(`/en/riga/vendor/${vendorId}?modal=Cart`);
    await page.locator("dialog:modal").waitFor({ state: "attached" });
    await page.clock.pauseAt(Date.now() + 60_000);
    // The vendor stopped giving cutlery after the customer asked for two sets: the cart the server
    // answers the next change with still holds them.
    await page.route(/\/api\/carts\/[^/]+\/products(\/|$)/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const vendorCart of body.cart.vendorCarts)
        Object.assign(vendorCart, { allowsCutlery: false, cutlery: 2 });
      await route.fulfill({ response, json: body });
    });
    const cart = page.getByRole("dialog", { name: "Cart" });
    await expect(cart.getByRole("button", { name: "One cutlery set more" })).toBeVisible();
    const changed = page.waitForResponse((response) => /\/products(\/|$)/.test(response.url()));
    await cart.getByRole("button", { name: `One more ${dish.name}` }).click();
    // The count settles for 300 ms before it is sent.
    await page.clock.runFor(310);
    await changed;
    // The cart now shows the vendor giving no cutlery.
    await expect(cart.getByRole("button", { name: "One cutlery set more" })).toHaveCount(0);
    await page.clock.runFor(90);
    expect(await resets()).toBe(0);
    const reset = page.waitForRequest((request) => /\/api\/carts\/\d+\/cutlery$/.test(request.url()));
    await page.clock.runFor(20);
    expect(await resets()).toBe(1);
    expect((await reset).postDataJSON()).toEqual({ cutlery: 0 });
  },
);

test(
  "the language list closes 100 ms after a choice, and the page applies its language again 500 ms after it is set",
  atOneWidth("desktop"),
  async ({ page }) => {
    // The clock runs while the list (a module of its own) comes in, then is held.
    await page.clock.install();
    await page.goto("/en/riga?modal=LanguagesList");
    await pageIsLive(page);
    const list = page.getByRole("dialog", { name: "Language" });
    const latvian = list.getByRole("radio", { name: "Latviešu" });
    // Drawn by the server, the list takes a choice once its own module has run.
    await expect(latvian).toBeEnabled();
    await page.clock.pauseAt(Date.now() + 60_000);
    await latvian.check();
    await page.clock.runFor(90);
    await expect(list).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/en/riga");
    await page.clock.runFor(20);
    await expect(page).toHaveURL(/\/lv\/riga/);
    const html = page.locator("html");
    await expect(html).toHaveAttribute("lang", "lv");

    // Something rendered meanwhile (a late chunk, a native bridge) changed the page's language and
    // direction: they are the page's own again half a second after the language was set.
    await page.evaluate(() => {
      document.documentElement.lang = "xx";
      document.documentElement.dir = "rtl";
    });
    await page.clock.runFor(490);
    await expect(html).toHaveAttribute("lang", "xx");
    await page.clock.runFor(20);
    await expect(html).toHaveAttribute("lang", "lv");
    await expect(html).toHaveAttribute("dir", "ltr");
  },
);
