import type { APIRequestContext, Page } from "@playwright/test";
import { apiHeaders, cartInBrowser, completeOrder, placeOrderIn, signInQuickly } from "./api-orders.ts";
import { consoleApiAs } from "./console-staff.ts";
import { expect, onlyAtWidth, test } from "./fixtures.ts";
import { expectLeftToRight } from "./reading-order.ts";
import { screenshot } from "./screenshots.ts";
import { pattern, say } from "./words.ts";

/**
 * Riga's points programme as its manager sets it in the console (through its API): 10 points for
 * every euro paid for goods, a cent each, spent from the first point, no welcome bonus (so no other
 * test's customer has points while it runs). Switched off again at the end.
 */
async function rigaProgramme(baseURL: string, enabled: boolean) {
  const { api } = await consoleApiAs({ baseURL, email: "manager@dostavka.example" });
  const settings = await (await api.get("/api/console/localities/riga/settings")).json();
  const loyalty = {
    enabled,
    earnPoints: 10,
    earnPer: 1,
    pointValue: 0.01,
    minimumToRedeem: 1,
    expiryMonths: 12,
    welcomeBonus: 0,
  };
  const set = await api.put("/api/console/localities/riga/settings", { data: { ...settings, loyalty } });
  expect(set.status(), await set.text()).toBe(200);
  await api.dispose();
}

const pointsOf = async (request: APIRequestContext) =>
  (await request.get("/api/customer/me/loyalty?localityCode=riga", { headers: apiHeaders })).json();

/** The cart page in a language: its points box offered and ticked, and the totals' points line. */
async function payWithPoints(page: Page, lang: "en" | "ar", points: number) {
  // The language list's way to another language (the one chosen before is kept otherwise).
  await page.goto(`/${lang}/cart?switchLocale=1`);
  const box = page.getByRole("checkbox", { name: pattern(lang, "checkout.points.offer") });
  await expect(box).not.toBeChecked();
  await box.check();
  await expect(page.getByRole("checkbox", { name: pattern(lang, "checkout.points.using") })).toBeChecked();
  const line = page.getByText(say(lang, "cart.points.line", { count: String(points) }), { exact: true });
  await expect(line.first()).toBeVisible();
}

// One test, so that no other test of this file switches Riga's programme while it runs: English on
// the phone, then Arabic at full width.
test(
  "a customer earns points on a delivered order and pays part of the next ones with them, in English and Arabic",
  // At the phone's width only, also for the docs' pictures: two runs at once would switch Riga's
  // programme under each other. It takes its own desktop picture.
  onlyAtWidth("phone"),
  async ({ page, baseURL }, info) => {
    await rigaProgramme(baseURL as string, true);
    try {
      await signInQuickly(page, 31);
      // The scene: a first order delivered, which earned its points.
      const first = await placeOrderIn(page, "riga");
      await completeOrder(page, first.id);
      const { balance } = await pointsOf(page.request);
      expect(balance).toBeGreaterThan(0);

      // On the phone, in English: the points are offered, ticked, and the total shows them.
      await cartInBrowser(page, baseURL as string);
      await payWithPoints(page, "en", balance);
      await screenshot(page, `loyalty-checkout-${info.project.name}-en`);

      // At full width, in Arabic: the same cart spends them, and the order is placed.
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole("checkbox", { name: pattern("en", "checkout.points.using") }).uncheck();
      await payWithPoints(page, "ar", balance);
      await screenshot(page, "loyalty-checkout-desktop-ar");
      await page.getByRole("button", { name: say("ar", "checkout.place") }).click();
      await expect(page).toHaveURL(/modal=SuccessScreenModal&order=\d+/);

      // The points page: the points spent are the last line, and nothing is left.
      await page.goto("/ar/menu/points");
      const history = page.getByRole("region", { name: say("ar", "loyalty.history") });
      await expect(history.getByRole("listitem")).toHaveCount(2);
      await expectLeftToRight(
        history.getByRole("listitem").first().getByText(`-${balance}`, { exact: true }),
        `-${balance}`,
      );
      expect((await pointsOf(page.request)).balance).toBe(0);
      await screenshot(page, "loyalty-points-desktop-ar", { fullPage: true });
    } finally {
      await rigaProgramme(baseURL as string, false);
    }
  },
);
