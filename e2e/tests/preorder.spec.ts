import type { Page } from "@playwright/test";
import { apiHeaders } from "./api-orders.ts";
import { atOneWidth, expect, oneWidthPerLanguage, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

const RIGA = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };
const ADDRESS = encodeURIComponent(JSON.stringify(RIGA));

interface Product {
  id: number;
  name: string;
  available: boolean;
  componentGroups: unknown[];
}
interface Section {
  name: string;
  workingHours: { intervals: Array<{ from: string }> } | null;
  products: Product[];
}
interface Vendor {
  id: number;
  name: string;
  working: boolean;
  receiptTypes: string[];
  workingHours: { intervals: Array<{ from: string }> };
}

/** Tomorrow's date in Riga, as the API writes local dates. */
function tomorrowInRiga(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Riga" }).format(
    new Date(Date.now() + 86_400_000),
  );
}

async function rigaVendors(page: Page, query = ""): Promise<Vendor[]> {
  const answer = await page.request.get(`/api/public/localities/riga/vendors?size=100${query}`, {
    headers: apiHeaders,
  });
  return (await answer.json()).content;
}

/** A delivering restaurant with a lunch offer (12:00–16:00) and a plain dish sold all day. */
async function lunchRestaurant(page: Page) {
  for (const vendor of await rigaVendors(page)) {
    if (!vendor.receiptTypes.includes("DELIVERY")) continue;
    const menu = await (
      await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers: apiHeaders })
    ).json();
    const sections = menu.sections as Section[];
    const lunch = sections.find((s) => s.workingHours?.intervals[0]?.from === "12:00");
    const plain = sections
      .filter((s) => s.workingHours === null)
      .flatMap((s) => s.products)
      .find((p) => p.componentGroups.length === 0);
    const dish = lunch?.products.find((p) => p.componentGroups.length === 0);
    if (lunch && plain && dish) return { vendor, plain, dish, lunchSoldNow: dish.available };
  }
  throw new Error("no restaurant with a lunch offer in Riga");
}

/**
 * Out of the restaurant's hours "as soon as possible" cannot be met: the cart asks at once whether
 * to clear it; near closing the checkout says the order would arrive after closing. The customer
 * keeps it, to choose a time. The cart's own validation says which of the two comes at this hour.
 */
async function keepCartWhileClosed(page: Page) {
  const cartId = (await page.context().cookies()).find((c) => c.name === "cartId")?.value;
  const answer = await (await page.request.get(`/api/carts/${cartId}`, { headers: apiHeaders })).json();
  if (answer.validateCartResult.invalidVendors.length > 0) {
    // Closed now and taking orders for later: the first time it can meet is offered.
    const closed = page.getByRole("alertdialog", { name: /is closed now and takes orders for later$/ });
    await closed.getByRole("button", { name: "Cancel" }).click();
    await expect(closed).toBeHidden();
  } else if (answer.validateCartResult.closingBeforeArrival.length > 0) {
    // Open, but closing before an order now could arrive: the checkout says so once, at its top, and
    // keeps the cart as it is (decision 0104).
    await expect(page.getByRole("region", { name: /closes at/ })).toBeVisible();
  }
}

/**
 * A cart made through the API, as the storefront makes one; the browser remembers its id. Made
 * before the browser opens a page: a page without a cart forgets any remembered id when it starts.
 */
async function cartWith(page: Page, vendorId: number, productIds: number[], times: string[]) {
  const headers = apiHeaders;
  const { cartId } = await (
    await page.request.post("/api/carts", { headers, data: { localityCode: "riga", location: RIGA } })
  ).json();
  for (const productId of productIds)
    expect(
      (
        await page.request.post(`/api/carts/${cartId}/products`, { headers, data: { vendorId, productId } })
      ).ok(),
    ).toBe(true);
  for (const preorderDateTime of times)
    expect(
      (await page.request.put(`/api/carts/${cartId}`, { headers, data: { preorderDateTime } })).ok(),
    ).toBe(true);
  await page
    .context()
    .addCookies([{ name: "cartId", value: cartId, url: test.info().project.use.baseURL as string }]);
  return cartId as string;
}

test(
  "a customer who orders for tomorrow noon sees that time's menu and vendors",
  atOneWidth("desktop"),
  async ({ page }) => {
    const { vendor, plain, dish, lunchSoldNow } = await lunchRestaurant(page);
    await page.goto(`/en/riga/vendor/${vendor.id}?address=${ADDRESS}`);
    const addDish = page.getByRole("button", { name: `Add ${dish.name} to the cart` }).first();
    // Outside 12:00–16:00 the lunch offer is not sold now.
    if (!lunchSoldNow) await expect(addDish).toBeHidden();
    await page
      .getByRole("button", { name: `Add ${plain.name} to the cart` })
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Open the cart" }).first()).toBeVisible();

    // The time is chosen in the cart, for tomorrow 12:30.
    await page.goto("/en/cart");
    await keepCartWhileClosed(page);
    const cartId = (await page.context().cookies()).find((c) => c.name === "cartId")?.value;
    const slots = await (
      await page.request.get(`/api/carts/${cartId}/delivery-slots`, { headers: apiHeaders })
    ).json();
    const tomorrow = (slots.days as Array<{ date: string }>).findIndex((d) => d.date === tomorrowInRiga());
    expect(tomorrow).toBeGreaterThanOrEqual(0);
    await page.getByRole("radio", { name: "Schedule for later" }).click();
    const times = page.getByRole("dialog", { name: "Choose the time" });
    await times.getByRole("tab").nth(tomorrow).click();
    await times.getByRole("button", { name: "12:30", exact: true }).click();
    await expect(page.getByRole("radio", { name: /Scheduled: .*12:30/ })).toBeChecked();

    // The vendor's page shows the menu of that time: the lunch offer is sold at 12:30.
    await page.goto(`/en/riga/vendor/${vendor.id}`);
    await expect(page.getByText(/, 12:30$/).first()).toBeVisible();
    await expect(addDish).toBeVisible();

    // The list shows each vendor as it is at 12:30: the late-night kitchen opens at 18:00, the
    // breakfast-and-lunch place is open. Four pages at once, so every vendor is in the document.
    const listed = await rigaVendors(page);
    const evening = listed.find((v) => v.workingHours.intervals[0]?.from === "18:00") as Vendor;
    const daytime = listed.find((v) => v.workingHours.intervals[0]?.from === "07:00") as Vendor;
    await page.goto("/en/riga?page=4");
    const card = (name: string) => page.getByRole("article").filter({ hasText: name });
    await expect(card(evening.name)).toContainText("Opens at 18:00");
    await expect(card(daytime.name)).toBeVisible();
    await expect(card(daytime.name)).not.toContainText("Opens at");

    // And the late-night kitchen's page says it is closed at that time, not now.
    await page.goto(`/en/riga/vendor/${evening.id}`);
    await expect(page.getByText(/^Closed at .*12:30 · opens at 18:00$/)).toBeVisible();
  },
);

for (const lang of ["en", "ar"] as const) {
  test(
    `the goods not sold at the chosen time are counted (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      const { vendor, plain, dish } = await lunchRestaurant(page);
      const day = tomorrowInRiga();
      // Lunch and a plain dish for 12:30, then the time moved to 18:30, after the lunch offer.
      const cartId = await cartWith(
        page,
        vendor.id,
        [plain.id, dish.id],
        [`${day}T12:30:00`, `${day}T18:30:00`],
      );
      // The cart marks the line it cannot deliver then (named in the reader's language).
      const { cart } = await (
        await page.request.get(`/api/carts/${cartId}`, {
          headers: { ...apiHeaders, "Accept-Language": lang },
        })
      ).json();
      const nameOf = (id: number) =>
        cart.vendorCarts[0].items.find((item: { productId: number }) => item.productId === id).name as string;
      await page.goto(`/${lang}/cart`);
      const lineOf = (id: number) =>
        page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: nameOf(id), exact: true }) });
      const inaccessible = lang === "en" ? "Inaccessible" : "غير متوفر";
      await expect(lineOf(dish.id).getByText(inaccessible, { exact: true })).toBeVisible();
      await expect(lineOf(plain.id)).toBeVisible();
      await expect(lineOf(plain.id).getByText(inaccessible, { exact: true })).toHaveCount(0);
      await page.goto(`/${lang}/riga/vendor/${vendor.id}?address=${ADDRESS}`);
      const alert = page.getByRole("alertdialog");
      if (lang === "en") {
        await expect(alert.getByRole("heading")).toHaveText(/^1 product is not available for .*18:30$/);
      } else {
        await expect(alert.getByRole("heading")).toContainText("منتج واحد غير متوفر");
      }
      if (info.project.name === "phone") await screenshot(page, `preorder-unavailable-at-time-${lang}`);
      await alert.getByRole("button", { name: lang === "en" ? "Remove them" : "إزالتها" }).click();
      await expect(alert).toBeHidden();
      await expect
        .poll(async () => {
          const { cart } = await (
            await page.request.get(`/api/carts/${cartId}`, { headers: apiHeaders })
          ).json();
          return cart.vendorCarts[0]?.items.map((i: { name: string }) => i.name);
        })
        .toEqual([plain.name]);
    },
  );

  test(
    `a preorder time no longer valid becomes as soon as possible at once, and is said so (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      const { vendor, plain } = await lunchRestaurant(page);
      const cartId = await cartWith(page, vendor.id, [plain.id], [`${tomorrowInRiga()}T12:30:00`]);
      // A day later the same time would have passed: the cart's check says the time is not valid.
      // The server's check is the carts' tests' business; here the browser is told what it would say.
      await page.route(`**/api/carts/${cartId}`, async (route) => {
        const answer = await route.fetch();
        const body = await answer.json();
        body.validateCartResult = {
          ...body.validateCartResult,
          status: "VALIDATION_FAILED",
          invalidDeliveryTime: true,
        };
        await route.fulfill({ response: answer, json: body });
      });
      await page.goto(`/${lang}/riga/vendor/${vendor.id}?address=${ADDRESS}`);
      // Opening the cart checks it again, 300 ms after it opens.
      await page
        .getByRole("link", { name: lang === "en" ? "Open the cart" : "فتح السلة" })
        .first()
        .click();
      const alert = page.getByRole("alertdialog").filter({
        hasText:
          lang === "en"
            ? "This delivery time is no longer available: the order will be delivered as soon as possible"
            : "وقت التوصيل هذا لم يعد متاحًا",
      });
      await expect(alert).toBeVisible();
      if (info.project.name === "phone") await screenshot(page, `preorder-invalid-time-${lang}`);
      await page.unroute(`**/api/carts/${cartId}`);
      // Reset before the customer answers (ordering-flow §4): the cart already delivers as soon as possible.
      const { cart } = await (await page.request.get(`/api/carts/${cartId}`, { headers: apiHeaders })).json();
      expect(cart.preorderDateTime).toBeNull();
      await alert.getByRole("button", { name: lang === "en" ? "Got it" : "حسنًا" }).click();
      await expect(alert).toBeHidden();
    },
  );

  test(
    `a vendor that takes no preorders says delivery is only as soon as possible (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      const listed = await rigaVendors(page);
      const closed = listed.find((v) => v.workingHours.intervals.length === 0) as Vendor;
      const { vendor, plain } = await lunchRestaurant(page);
      await cartWith(page, vendor.id, [plain.id], []);
      await page.goto(`/${lang}/riga/vendor/${closed.id}?address=${ADDRESS}`);
      await page.getByRole("button", { name: lang === "en" ? "Change" : "تغيير", exact: true }).click();
      const alert = page.getByRole("alertdialog");
      await expect(alert).toContainText(
        lang === "en"
          ? "Preorder is not available: delivery only as soon as possible"
          : "الطلب المسبق غير متاح",
      );
      if (info.project.name === "phone") await screenshot(page, `preorder-unavailable-${lang}`);
      await alert.getByRole("button").first().click();
      await expect(alert).toBeHidden();
    },
  );
}

test(
  "a time refused as it is chosen says the time is no longer available and offers the times again",
  atOneWidth("desktop"),
  async ({ page }) => {
    const { vendor, plain } = await lunchRestaurant(page);
    await cartWith(page, vendor.id, [plain.id], []);
    await page.goto("/en/cart");
    await keepCartWhileClosed(page);
    await page.getByRole("radio", { name: "Schedule for later" }).click();
    const times = page.getByRole("dialog", { name: "Choose the time" });
    // The first slot, in sight as the list opens: reaching the last one scrolled the page, and on a
    // desktop the dropdown, hanging from the time choice, could flip above it under the tap.
    const slot = times.getByRole("listitem").first().getByRole("button");
    const wanted = await slot.textContent();
    // The slot goes while the customer looks: the server refuses it as the spec's error.
    await page.route(/\/api\/carts\/[^/]+$/, (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              type: "InvalidPreorderTimeException",
              message: "is not one of the delivery slots",
            }),
          })
        : route.continue(),
    );
    await slot.click();
    const alert = page.getByRole("alertdialog", { name: "The chosen time is no longer available" });
    await expect(alert).toContainText(`${wanted} is less than an hour away`);
    await page.unroute(/\/api\/carts\/[^/]+$/);
    await alert.getByRole("button", { name: "Choose another time" }).click();
    await expect(page.getByRole("dialog", { name: "Choose the time" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "As soon as possible" })).toBeChecked();
  },
);
