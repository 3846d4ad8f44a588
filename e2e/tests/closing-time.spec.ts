import type { APIRequestContext, Page } from "@playwright/test";
import { formatTimeOfDay, localMomentOf, weeklySchedule } from "../../packages/domain/src/index.ts";
import { demoSecrets } from "../server-data.ts";
import { apiHeaders, signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, oneWidthPerLanguage, pageIsLive, test } from "./fixtures.ts";
import { HOURS_SET_BY_TESTS } from "./orderable.ts";
import { screenshot } from "./screenshots.ts";
import { pattern, say } from "./words.ts";

/** A delivery point in central Kyiv. */
const KYIV = { latitude: 50.4585, longitude: 30.4955, formattedAddress: "вулиця Дмитрівська 50, Київ" };
/**
 * Each run's own Kyiv restaurant, whose hours it sets to close a quarter of an hour from now and
 * gives back after: the vendor pickers of other tests skip these (orderable.ts).
 */
const VENDORS = HOURS_SET_BY_TESTS.closingSoon;

/**
 * A Kyiv vendor of the test's own with hours the manager sets in the console, from and until minutes
 * of Kyiv's clock as the test works them out from now; `restore` gives the vendor its hours back.
 */
async function kyivVendorWithHours(
  page: Page,
  request: APIRequestContext,
  name: string,
  hoursFrom: (now: number) => { from: number; until: number },
) {
  const vendors = await (
    await page.request.get("/api/public/localities/kyiv/vendors?size=100", { headers: apiHeaders })
  ).json();
  const vendor = vendors.content.find((one: { name: string }) => one.name === name);
  const session = await request.post("/api/console/session", {
    data: { email: "manager@dostavka.example", password: demoSecrets().staffPassword },
  });
  expect(session.status()).toBe(200);
  const before = await (await request.get(`/api/console/vendors/${vendor.id}`)).json();
  const { from, until } = hoursFrom(localMomentOf(new Date(), "Europe/Kyiv").minutes);
  const closesAt = formatTimeOfDay(until % 1440);
  const hours = weeklySchedule({ from: formatTimeOfDay(from % 1440), until: closesAt });
  const set = await request.patch(`/api/console/vendors/${vendor.id}`, { data: { workingHours: hours } });
  expect(set.status(), await set.text()).toBe(200);
  return {
    vendor,
    closesAt,
    restore: async () => {
      const back = await request.patch(`/api/console/vendors/${vendor.id}`, {
        data: { workingHours: before.workingHours },
      });
      expect(back.status()).toBe(200);
    },
  };
}

for (const lang of ["en", "ar"] as const) {
  test(
    `checkout says the vendor closes before the order could arrive and takes it for a time it can meet (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page, request }, info) => {
      const words = (key: string, values: Record<string, string> = {}) => say(lang, key, values);
      const name = VENDORS[`${info.project.name}-${lang}`] as string;
      // The manager sets the vendor's hours: open since two hours ago, closing in 15 minutes.
      const { vendor, closesAt, restore } = await kyivVendorWithHours(page, request, name, (now) => ({
        from: now + 1440 - 120,
        until: now + 15,
      }));
      try {
        // Before anything is in a cart, the list and the vendor's page say it is too late to order now.
        const tooLate = words("vendor.status.closesTooSoon", { time: closesAt });
        await page.goto(`/${lang}/kyiv?page=8`);
        const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
        await expect(card.getByText(tooLate)).toBeVisible();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `closes-too-soon-${info.project.name}-${lang}`);
        await page.goto(`/${lang}/kyiv/vendor/${vendor.id}`);
        await expect(page.getByRole("main").getByText(tooLate)).toBeVisible();

        await signInQuickly(page, info.project.name === "phone" ? 84 : 85);
        const menu = await (
          await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers: apiHeaders })
        ).json();
        // A dish sold whenever the vendor is open: a breakfast dish (07:00-11:30) could not come at the
        // first time offered tomorrow, which is this test's own opening hour.
        const item = menu.sections
          .flatMap(
            (s: {
              products: Array<{
                price: number;
                available: boolean;
                componentGroups: [];
                sectionWorkingHours: unknown;
              }>;
            }) => s.products,
          )
          .find(
            (p: { available: boolean; componentGroups: []; sectionWorkingHours: unknown }) =>
              p.available && p.componentGroups.length === 0 && p.sectionWorkingHours === null,
          );
        const { cartId } = await (
          await page.request.post("/api/carts", {
            headers: apiHeaders,
            data: { localityCode: "kyiv", location: KYIV },
          })
        ).json();
        const count = Math.max(1, Math.ceil(vendor.minOrderPrice / item.price));
        await page.request.post(`/api/carts/${cartId}/products`, {
          headers: apiHeaders,
          data: { vendorId: vendor.id, productId: item.id, count },
        });

        // Opening the cart on the vendor's page: the vendor closes before the order would come.
        await page.goto(`/${lang}/kyiv/vendor/${vendor.id}`);
        await pageIsLive(page);
        await page.getByRole("link", { name: words("cart.open") }).click();
        const told = pattern(lang, "checkout.closing.arrives");
        const alert = page.getByRole("alertdialog", { name: told });
        await expect(alert).toBeVisible();
        await alert.getByRole("button", { name: words("common.cancel") }).click();
        await expect(alert).toBeHidden();
        // The checkout says it above its time, with the choices, and not again in an alert over it:
        // once the cart's check as it opens is answered, nothing stands between the customer and them.
        const checked = page.waitForResponse(
          (response) => response.request().method() === "GET" && /\/api\/carts\/[^/?]+$/.test(response.url()),
        );
        await page.getByRole("button", { name: words("cart.checkout") }).click();
        await (await checked).finished();
        // Two frames after the answer, an alert it called for would be drawn.
        await page.evaluate(
          () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
        );
        await expect(page.getByRole("alertdialog")).toHaveCount(0);
        const notice = page.getByRole("region", { name: told });
        await expect(notice).toContainText(name);
        await expect(notice).toContainText(closesAt);
        await expect(page.getByRole("button", { name: words("checkout.place") })).toBeDisabled();
        await notice.scrollIntoViewIfNeeded();
        await screenshot(page, `closing-time-${info.project.name}-${lang}`);

        // The customer takes the first time the vendor can meet, and places the order for it.
        await notice.getByRole("button", { name: pattern(lang, "checkout.closing.later") }).click();
        await expect(notice).toBeHidden();
        await expect(page.getByRole("radio", { name: pattern(lang, "checkout.scheduledFor") })).toBeChecked();
        await page.getByRole("button", { name: words("checkout.place") }).click();
        await expect(page.getByRole("dialog", { name: words("success.title") })).toBeVisible();
      } finally {
        await restore();
      }
    },
  );
}

/** Each run's own Kyiv kitchen, which it closes until two hours from now and gives back after. */
const CLOSED_NOW = HOURS_SET_BY_TESTS.closedNow;

test(
  "a kitchen closed now that takes orders for later offers its first time, clearing the cart second",
  atOneWidth("desktop"),
  async ({ page, request }, info) => {
    const { lang, name } = CLOSED_NOW[info.project.name as keyof typeof CLOSED_NOW];
    const { vendor, restore } = await kyivVendorWithHours(page, request, name, (now) => ({
      from: now + 120,
      until: now + 360,
    }));
    try {
      const menu = await (
        await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers: apiHeaders })
      ).json();
      const item = menu.sections
        .flatMap(
          (s: { products: Array<{ id: number; price: number; sectionWorkingHours: unknown }> }) => s.products,
        )
        .find(
          (p: { componentGroups: []; sectionWorkingHours: unknown }) =>
            p.componentGroups.length === 0 && p.sectionWorkingHours === null,
        );
      const { cartId } = await (
        await page.request.post("/api/carts", {
          headers: apiHeaders,
          data: { localityCode: "kyiv", location: KYIV },
        })
      ).json();
      const added = await page.request.post(`/api/carts/${cartId}/products`, {
        headers: apiHeaders,
        data: {
          vendorId: vendor.id,
          productId: item.id,
          count: Math.max(1, Math.ceil(vendor.minOrderPrice / item.price)),
        },
      });
      expect(added.status(), await added.text()).toBe(200);
      await page
        .context()
        .addCookies([{ name: "cartId", value: cartId, url: test.info().project.use.baseURL as string }]);

      await page.goto(`/${lang}/cart`);
      const alert = page.getByRole("alertdialog", { name: pattern(lang, "cart.alert.vendorClosedNow") });
      await expect(alert).toContainText(name);
      await expect(alert.getByRole("button", { name: say(lang, "cart.alert.clearCart") })).toBeVisible();
      await screenshot(page, `closed-now-order-later-${info.project.name}-${lang}`);
      // The first choice is the first time the kitchen can meet; the cart is kept for it.
      await alert.getByRole("button", { name: pattern(lang, "checkout.closing.later") }).click();
      await expect(alert).toBeHidden();
      await expect(page.getByRole("radio", { name: pattern(lang, "checkout.scheduledFor") })).toBeChecked();
      await expect(page.getByRole("button", { name: say(lang, "checkout.place") })).toBeEnabled();
    } finally {
      await restore();
    }
  },
);
