import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { SANDBOX_PAGE_TEXTS } from "../../apps/api/src/payments/sandbox-page-texts.ts";
import { demoSecrets } from "../server-data.ts";
import {
  apiHeaders,
  completeOrder,
  openRestaurantCarts,
  placeOrder,
  placeOrderIn,
  signInQuickly,
} from "./api-orders.ts";
import {
  atEveryWidth,
  atOneWidth,
  cutTexts,
  expect,
  oneWidthPerLanguage,
  pageIsLive,
  test,
} from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, pattern, say } from "./words.ts";

const headers = apiHeaders;

test(
  "a customer watches the order live until it is delivered, reviews it, gets the invoice and reorders",
  atOneWidth("phone"),
  async ({ page }, info) => {
    test.setTimeout(90_000);
    await signInQuickly(page, info.project.name === "phone" ? 51 : 52);
    const { order, vendorName } = await placeOrder(page, "CASH");
    await page.goto(`/en/menu/orders/${order.id}/status`);
    await expect(page.getByRole("heading", { name: `Order No. ${order.id}` })).toBeVisible();
    // On a tablet, beside the account menu, the steps have no room side by side: they go one under
    // another, each read whole.
    const steps = page.getByRole("list", { name: "Order progress" });
    await expect(steps).toBeVisible();
    const phone = page.viewportSize()!;
    await page.setViewportSize({ width: 768, height: 1024 });
    expect(await cutTexts(steps)).toEqual([]);
    await page.setViewportSize(phone);
    // The simulated restaurant and courier move it on; the page follows over the tracking socket.
    await expect(page.getByText(/^Your courier: /)).toBeVisible({ timeout: 30_000 });
    // A courier of the order's own city: a Riga order's courier has a Latvian number.
    await expect(page.getByRole("link", { name: /^\+371/ })).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("On the way", { timeout: 45_000 });
    await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/details$`), { timeout: 45_000 });
    await expect(page.getByRole("status")).toHaveText("Completed");

    // Both reviews, once each. A star is its label, over the radio it names.
    const star = (form: Locator, name: string) =>
      form.locator("label").filter({ has: page.getByRole("radio", { name }) });
    const vendorReview = page.locator("form").filter({ hasText: "Rate the restaurant" });
    await star(vendorReview, "5 stars").click();
    await expect(vendorReview.getByRole("radio", { name: "5 stars" })).toBeChecked();
    await vendorReview.getByRole("textbox").fill("Hot and on time");
    await vendorReview.getByRole("button", { name: "Send the review" }).click();
    await expect(page.getByText("Hot and on time")).toBeVisible();
    const courierReview = page.locator("form").filter({ hasText: "Rate the courier" });
    await star(courierReview, "4 stars").click();
    await expect(courierReview.getByRole("radio", { name: "4 stars" })).toBeChecked();
    // Meanwhile the courier was rated on another of the customer's devices: the server refuses a
    // second review, and the alert says why in the server's words.
    const elsewhere = await page.request.post(`/api/customer/me/orders/${order.id}/courier_review`, {
      headers,
      data: { rating: 4 },
    });
    expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
    await courierReview.getByRole("button", { name: "Send the review" }).click();
    const refused = page.getByRole("alertdialog", {
      name: "You have already reviewed the courier of this order",
    });
    await refused.getByRole("button", { name: "Got it" }).click();
    await expect(refused).toBeHidden();
    await page.reload();
    await expect(page.getByRole("button", { name: "Send the review" })).toHaveCount(0);
    await page.goto("/en/menu/reviews");
    await expect(page.getByText("Hot and on time")).toBeVisible();
    await page.goBack();

    // The invoice downloads as a PDF.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the invoice" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    // Sending it by e-mail asks for a real address first.
    await page.getByRole("textbox", { name: "Send the invoice by e-mail" }).fill("not an address");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Enter a valid e-mail address" })).toBeVisible();

    // Ordering again fills a new cart with the same dish. A line no longer sold is left out and
    // named: the server's choice is the API tests' (order-history.test.ts); here its answer lists a
    // drink sold out since, as it would.
    await page.route("**/api/customer/me/orders/*/reorder", async (route) => {
      const response = await route.fetch();
      const answer = await response.json();
      await route.fulfill({
        response,
        json: { ...answer, unavailableItems: [{ productId: 1, name: "Lemonade 0.5 l" }] },
      });
    });
    await page.getByRole("button", { name: "Order again" }).click();
    const missing = page.getByRole("alertdialog", { name: "Some items of the order are unavailable" });
    await expect(missing.getByText("Lemonade 0.5 l")).toBeVisible();
    await missing.getByRole("button", { name: "Got it" }).click();
    await expect(page).toHaveURL(/\/en\/cart$/);
    await expect(page.getByRole("region", { name: vendorName })).toBeVisible();
  },
);

test(
  "the order status page keeps its place for the map, opens it live at a touch, and keeps it under the page's bars with a credit that reads",
  atEveryWidth(),
  async ({ page }, info) => {
    await signInQuickly(page, info.project.name === "phone" ? 68 : 78);
    // For the last slot offered: once accepted, it waits there, scheduled, for days.
    const { order, vendorName } = await placeOrder(page, "CASH", { later: true });
    await acceptedByTheKitchen(page, order.id);
    // The storefront's fonts are in the browser's cache, as for a customer who has been here: a
    // face that arrives after the first paint on a slow network swaps its text, which is not the map.
    await page.goto("/en/riga");
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    // Every layout shift of the page, as the browser counts them, from its first paint on.
    await page.addInitScript(() => {
      type Shift = PerformanceEntry & { value: number; sources: Array<{ node?: Node | null }> };
      const shifts = { total: 0, moved: [] as string[] };
      Object.assign(window, { shifts });
      const named = (node: Node | null | undefined) =>
        node instanceof Element ? node.outerHTML.slice(0, 80) : (node?.textContent?.slice(0, 80) ?? "(gone)");
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          shifts.total += entry.value;
          shifts.moved.push(...entry.sources.map((source) => named(source.node)));
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`/en/menu/orders/${order.id}/status`);
    await expect(page.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await expect(page.getByRole("region", { name: vendorName })).toBeVisible();
    // A tile that cannot load (the network is closed here) leaves the map's ground, not a broken picture.
    const map = page.getByRole("region", { name: "Map of the delivery" });
    await expect(map.locator("img:visible")).toHaveCount(0);
    // The map's marks are named for a screen reader by what they are, not by their drawn glyph.
    await expect(page.getByRole("button", { name: vendorName, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delivery address", exact: true })).toBeVisible();
    const shifted = await page.evaluate(
      () => (window as unknown as { shifts: { total: number; moved: string[] } }).shifts,
    );
    expect(shifted.total, `what moved: ${shifted.moved.join("\n")}`).toBeLessThan(0.01);

    // The map's credit reads at 4.5:1 on a ground of its own, whatever tile lies under it.
    const credit = page.getByText("© OpenStreetMap");
    expect(await credit.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      "rgb(255, 255, 255)",
    );
    // Every word reads at 4.5:1, and the headings go down one level at a time (the order's number,
    // then each vendor's part of it) for a screen reader's list of them.
    const contrast = await new AxeBuilder({ page }).withRules(["color-contrast", "heading-order"]).analyze();
    expect(contrast.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`))).toEqual(
      [],
    );

    // That view is the page's own drawing; Leaflet's live map takes its place at the customer's first
    // touch, at the same view. A zoom pressed on it opens the live map one zoom closer: the marks
    // twice as far apart, and Leaflet's credit in the corner.
    const marks = [vendorName, "Delivery address"].map((name) =>
      page.getByRole("button", { name, exact: true }),
    );
    const apart = async () => {
      const [vendor, home] = await Promise.all(marks.map((mark) => mark.boundingBox()));
      if (!vendor || !home) throw new Error("a mark is not on the map");
      return Math.hypot(vendor.x - home.x, vendor.y - home.y);
    };
    const firstView = await apart();
    await expect(page.getByRole("link", { name: "Leaflet" })).toHaveCount(0);
    await page.getByRole("button", { name: "Zoom in" }).click();
    await expect(page.getByRole("link", { name: "Leaflet" })).toBeVisible();
    await expect.poll(async () => Math.abs((await apart()) / firstView - 2)).toBeLessThan(0.05);
    // Once its tiles are drawn (here they fail: the network is closed), the first view under it goes.
    await expect(credit).toHaveCount(1);

    // Scrolled under the header (and, on a phone, the bottom bar), the map stays beneath them: its
    // zoom buttons and its credit do not draw over the page's own bars.
    const header = page.getByRole("banner");
    const zoomIn = page.getByRole("button", { name: "Zoom in" });
    await scrollUnder(page, zoomIn, header);
    expect(await drawnOver(header, zoomIn)).toBe(true);
    if (info.project.name === "phone") {
      // On a shorter phone, where the map's foot reaches the bottom bar.
      await page.setViewportSize({ width: 412, height: 560 });
      const bottomBar = page.getByRole("navigation", { name: "Sections" });
      await scrollUnder(page, credit, bottomBar);
      await screenshot(page, "order-map-bottom-bar-phone-en");
      expect(await drawnOver(bottomBar, credit)).toBe(true);
    }
  },
);

/** Scrolls the page until the middle of `what` is at the middle of `bar` (a fixed or sticky bar). */
async function scrollUnder(page: Page, what: Locator, bar: Locator) {
  const [box, barBox] = [await what.boundingBox(), await bar.boundingBox()];
  if (!box || !barBox) throw new Error("not on the page");
  const by = box.y + box.height / 2 - (barBox.y + barBox.height / 2);
  await page.evaluate((distance) => window.scrollBy(0, distance), by);
}

/** Whether `over` is what the page draws at the middle of `under`: what a person sees there. */
async function drawnOver(over: Locator, under: Locator): Promise<boolean> {
  const box = await under.boundingBox();
  if (!box) throw new Error("not on the page");
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return over.evaluate((element, { x, y }) => element.contains(document.elementFromPoint(x, y)), point);
}

/** Waits for the (simulated) kitchen to accept the order. */
async function acceptedByTheKitchen(page: Page, orderId: number) {
  await expect
    .poll(async () => {
      const placed = await page.request.get(`/api/customer/me/orders/${orderId}`, { headers });
      return (await placed.json()).status;
    })
    .toBe("APPROVED");
}

for (const lang of ["en", "ar"] as const) {
  test(
    `a preorder for a later day reads as scheduled, with its day, until the kitchen starts it; it can be cancelled (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      await signInQuickly(page, info.project.name === "phone" ? 68 : 78);
      const { order } = await placeOrder(page, "CASH", { later: true });
      await acceptedByTheKitchen(page, order.id);
      await page.goto(`/${lang}/menu/orders/${order.id}/status`);
      await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.SCHEDULED"));
      // The day it comes, in the city's words, and no countdown of thousands of minutes.
      const day = new Intl.DateTimeFormat(lang, { day: "numeric", month: "short", timeZone: "Europe/Riga" });
      const arrives = page.getByRole("main").getByText(pattern(lang, "order.eta.arrives"));
      await expect(arrives).toContainText(day.format(new Date(order.preorderAt)));
      await expect(page.getByRole("main").getByText(pattern(lang, "order.eta.in"))).toHaveCount(0);
      // Nothing is under way yet: no step marked, no courier tied up.
      await expect(page.getByRole("list", { name: say(lang, "order.steps") })).toHaveCount(0);
      await expect(page.getByText(pattern(lang, "order.courier"))).toHaveCount(0);
      await screenshot(page, `order-scheduled-${info.project.name}-${lang}`);

      // The orders list on the narrowest phone: the clock stays beside the day and time it stands
      // for, however they wrap in the card.
      const size = page.viewportSize();
      await page.setViewportSize({ width: 320, height: 720 });
      await page.goto(`/${lang}/menu/orders`);
      const listed = page
        .getByRole("region", { name: say(lang, "orders.active") })
        .getByText(pattern(lang, "order.eta.arrives"));
      const besideItsWords = await listed.evaluate((words) => {
        const clock = words.closest("p")?.querySelector(".icon-clock")?.getBoundingClientRect();
        if (!clock) return false;
        // Its middle is on the words' first line.
        const line = words.getBoundingClientRect().top;
        const middle = clock.top + clock.height / 2;
        return middle > line && middle < line + Number.parseFloat(getComputedStyle(words).lineHeight);
      });
      expect(besideItsWords).toBe(true);
      if (size) await page.setViewportSize(size);
      await page.goto(`/${lang}/menu/orders/${order.id}/status`);

      await page.getByRole("button", { name: say(lang, "order.cancel") }).click();
      const confirm = page.getByRole("alertdialog", { name: say(lang, "order.cancel.confirm") });
      await confirm.getByRole("button", { name: say(lang, "order.cancel") }).click();
      await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/details$`));
      await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.CANCELED"));
    },
  );
}

test("the orders history lists the order and previews it", atOneWidth("desktop"), async ({ page }, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 53 : 54);
  const { order, vendorName } = await placeOrder(page, "ONLINE");
  await page.goto("/en/menu/orders");
  await expect(page).toHaveTitle("Dostavka — Order history");
  // On the narrowest phone (320 px) the order's number and date show whole: the total goes under them.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 700 });
  const numberAndDate = page
    .getByRole("article")
    .getByText(`Order No. ${order.id}`, { exact: true })
    .locator("..");
  expect(await cutTexts(numberAndDate)).toEqual([]);
  if (wide) await page.setViewportSize(wide);
  // The one order under way is counted on the header's orders button, or the phone's bottom bar.
  const ordersButton =
    info.project.name === "phone"
      ? page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: /Orders/ })
      : page.getByRole("banner").getByRole("button", { name: "Orders" });
  await expect(ordersButton).toHaveText(/^1(?!\d)/);
  await page.getByRole("link", { name: vendorName }).first().click();
  const preview = page.getByRole("dialog", { name: `Order No. ${order.id}` });
  await expect(preview.getByText("Awaiting payment")).toBeVisible();
  // A click beside the preview closes it and the address forgets the order; it opens again. Tapped
  // before the page is live (the link, followed by the browser, drew the preview on the server),
  // the click would meet no script to close it.
  await pageIsLive(page);
  await page.mouse.click(3, 3);
  await expect(preview).toBeHidden();
  expect(new URL(page.url()).searchParams.has("order")).toBe(false);
  expect(new URL(page.url()).searchParams.has("modal")).toBe(false);
  await page.getByRole("link", { name: vendorName }).first().click();
  await expect(preview.getByText("Awaiting payment")).toBeVisible();
  await preview.getByRole("link", { name: "Open the order" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/payment$`));
});

/** Fills the sandbox gateway's card page, which speaks the storefront's language. */
async function payOnCardPage(page: Page, cardNumber: string, lang: Lang = "en") {
  const { labels, payButton } = SANDBOX_PAGE_TEXTS[lang];
  await page.getByRole("textbox", { name: labels.cardNumber }).fill(cardNumber);
  await page.getByRole("textbox", { name: labels.expiry }).fill("12/30");
  await page.getByRole("textbox", { name: labels.cvc }).fill("123");
  await page.getByRole("textbox", { name: labels.name }).fill("Anna Berzina");
  await page.getByRole("button", { name: new RegExp(`^${payButton.replace("{amount}", "")}`) }).click();
}

test("an online order is paid on the sandbox card page; a declined card can be retried", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 55 : 56);
  const { order } = await placeOrder(page, "ONLINE");
  await page.goto(`/en/menu/orders/${order.id}/status`);
  // An unpaid order opens its payment page.
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/payment$`));
  await expect(page.getByRole("status")).toHaveText("Awaiting payment");

  await page.getByRole("button", { name: /^Pay .* by card$/ }).click();
  await payOnCardPage(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("The card was declined. Try again or use another card.");

  await page.getByRole("button", { name: /^Pay .* by card$/ }).click();
  await payOnCardPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/status(\\?.*)?$`));
  await expect(page.getByRole("heading", { name: `Order No. ${order.id}` })).toBeVisible();
  // The thanks for the payment are closed first, and the page is live: the decline below comes
  // while the customer follows the order.
  const thanks = page.getByRole("dialog", { name: "Order placed" });
  await thanks.getByRole("link", { name: "Follow the order" }).click();
  await expect(thanks).toBeHidden();
  await pageIsLive(page);

  // The restaurant cannot take it after all (declined, or cancelled once the simulated kitchen has
  // accepted it): the page says so, and that the card is refunded.
  const dispatch = { ...headers, "X-Api-Key": demoSecrets().opsKeys.dispatch };
  const declined = await page.request.post(`/api/ops/orders/${order.id}/decline`, { headers: dispatch });
  if (!declined.ok())
    expect((await page.request.post(`/api/ops/orders/${order.id}/cancel`, { headers: dispatch })).ok()).toBe(
      true,
    );
  const canceled = page.getByRole("alertdialog", { name: "Your order was cancelled" });
  await expect(
    canceled.getByText("We are sorry for the inconvenience. The payment will be refunded in full."),
  ).toBeVisible();
  await canceled.getByRole("button", { name: "Got it" }).click();
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/details$`));
});

test(
  "a card order placed at checkout goes to its payment page, and the thanks come once it is paid",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    // Arabic on the phone, English on the desktop: the customer who met the thanks too early.
    const lang = info.project.name === "phone" ? "ar" : "en";
    await signInQuickly(page, info.project.name === "phone" ? 80 : 87);
    const next = await openRestaurantCarts(page).next();
    if (next.done) throw new Error("no open restaurant in Riga");
    const { cartId } = next.value;
    await page.request.put(`/api/carts/${cartId}`, { headers, data: { paymentType: "ONLINE" } });
    await page
      .context()
      .addCookies([{ name: "cartId", value: cartId, url: info.project.use.baseURL as string }]);
    await page.goto(`/${lang}/cart`);
    await page.getByRole("button", { name: say(lang, "checkout.place") }).click();

    // Not paid yet: the payment page, and no thanks.
    await expect(page).toHaveURL(/\/menu\/orders\/\d+\/payment$/);
    const id = page.url().match(/orders\/(\d+)\//)?.[1] as string;
    await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.CREATED"));
    const thanks = page.getByRole("dialog", { name: say(lang, "success.title") });
    await expect(thanks).toBeHidden();

    await page.getByRole("button", { name: pattern(lang, "payment.pay") }).click();
    // The card page speaks the customer's language, right to left in Arabic.
    const card = SANDBOX_PAGE_TEXTS[lang];
    await expect(page.getByRole("heading", { name: new RegExp(`^${card.amountDue}`) })).toBeVisible();
    expect(await page.evaluate(() => [document.documentElement.lang, document.dir])).toEqual([
      lang,
      lang === "ar" ? "rtl" : "ltr",
    ]);
    await screenshot(page, `sandbox-card-page-${lang}-${info.project.name}`, { fullPage: true });
    await payOnCardPage(page, "4242 4242 4242 4242", lang);
    await expect(page).toHaveURL(new RegExp(`/menu/orders/${id}/status\\?`));
    await expect(thanks.getByText(say(lang, "success.number", { id }))).toBeVisible();
    await expect(thanks.getByText(say(lang, "success.text"))).toBeVisible();
  },
);

test("leaving the card page cancels the pending payment; the order waits for payment and is paid afterwards", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 73 : 74);
  const { order } = await placeOrder(page, "ONLINE");
  const paymentStatus = async () =>
    (await (await page.request.get(`/api/customer/me/orders/${order.id}`, { headers })).json()).paymentStatus;
  const canceled = page.getByText("The payment was cancelled. The order is waiting for payment again.");
  await page.goto(`/en/menu/orders/${order.id}/payment`);

  // The card page's own Cancel.
  await page.getByRole("button", { name: /^Pay .* by card$/ }).click();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(canceled).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Awaiting payment");
  expect(await paymentStatus()).toBe("CANCELED");

  // The browser's Back from the card page: that page's payment is canceled too.
  await page.getByRole("button", { name: /^Pay .* by card$/ }).click();
  await expect(page.getByRole("textbox", { name: "Card number" })).toBeVisible();
  await page.goBack();
  await expect(canceled).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/payment$`));
  await expect.poll(paymentStatus).toBe("CANCELED");
  await page.goForward();
  await expect(page.getByRole("heading", { name: "This payment was canceled" })).toBeVisible();
  await page.goBack();

  // A new attempt pays, and keeps the card.
  await page.getByRole("button", { name: /^Pay .* by card$/ }).click();
  await page.getByRole("checkbox", { name: "Save this card for next time" }).check();
  await payOnCardPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/(status|details)(\\?.*)?$`));
  expect(await paymentStatus()).toBe("AUTHORIZED");

  // The next order is paid with that card by a payment intent, without a card page.
  const next = (await placeOrder(page, "ONLINE")).order;
  await page.goto(`/en/menu/orders/${next.id}/payment`);
  const intent = page.waitForRequest((request) =>
    request.url().endsWith(`/customer/me/orders/${next.id}/payment-intent/create`),
  );
  await page.getByRole("button", { name: "Pay with ****4242" }).click();
  await intent;
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${next.id}/(status|details)(\\?.*)?$`));
});

test("a push tap opens the order, even one tapped before the storefront was ready", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 57 : 58);
  const { order } = await placeOrder(page, "CASH");
  const tap = { type: "OrderStatusChangedEvent", orderID: order.id, status: "WAITING_APPROVAL" };
  // The native app hands over the tap that opened it before the page has started.
  await page.addInitScript((payload) => {
    (window as unknown as { storefrontPendingPushTaps: unknown[] }).storefrontPendingPushTaps = [payload];
  }, tap);
  await page.goto("/en/riga");
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/(status|details)$`));
  await expect(page.getByRole("heading", { name: `Order No. ${order.id}` })).toBeVisible();

  // A tap on a final status opens the details.
  await page.goto("/en/menu/orders");
  await page.evaluate((id) => {
    const native = window as unknown as { storefrontPushTap: (payload: unknown) => void };
    native.storefrontPushTap({ type: "OrderStatusChangedEvent", orderID: id, status: "CANCELLED" });
  }, order.id);
  await expect(page).toHaveURL(new RegExp(`/menu/orders/${order.id}/(status|details)$`));
});

test(
  "an active order of the history moves to the past ones when it is completed",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    await signInQuickly(page, info.project.name === "phone" ? 63 : 64);
    // Комора 24's orders are left to its staff: the ops API completes it, as the kitchen's and the
    // courier's devices would, while the page is open (the simulator's delivery is orders.spec:11's).
    const order = await placeOrderIn(page, "kyiv", { vendor: "Комора 24" });
    await page.goto("/en/menu/orders");
    const number = `Order No. ${order.id}`;
    await expect(
      page.getByRole("region", { name: "Active" }).getByText(number, { exact: true }),
    ).toBeVisible();
    await completeOrder(page, order.id);
    // The list follows live.
    await expect(
      page.getByRole("region", { name: "Past orders" }).getByText(number, { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Active" })).toBeHidden();
  },
);

test("failures the browser notices are taken by the error reporter", async ({ request }) => {
  const reported = await request.post("/client-errors", {
    data: { message: "Tracking closed with 1011", what: "order tracking" },
  });
  expect(reported.status()).toBe(204);
  expect((await request.post("/client-errors", { data: { what: "no message" } })).status()).toBe(400);
  const asked = await request.get("/client-errors");
  expect(asked.status()).toBe(405);
  expect(asked.headers().allow).toBe("POST");
});
