import { completeOrder, placeOrderIn, signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

/**
 * An order's times are read on its city's clock, wherever the customer's browser is: here in New
 * York, seven hours behind Kyiv, whose store the order is from. The server, in its own zone, writes
 * the same text, so the page hydrates without a mismatch.
 */
test.use({ timezoneId: "America/New_York" });

test(
  "a completed order's details page shows when it was placed on its city's clock, not the browser's",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await signInQuickly(page, info.project.name === "phone" ? 45 : 46);
    // Комора 24's orders are left to its staff: the ops API takes this one through to the end.
    const order = await placeOrderIn(page, "kyiv", { vendor: "Комора 24" });
    await completeOrder(page, order.id);
    const placedIn = (locale: string) =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: "short",
        hourCycle: "h23",
        timeZone: "Europe/Kyiv",
      }).format(new Date(order.createdAt));

    await page.goto(`/en/menu/orders/${order.id}/details`);
    await expect(page.getByRole("status")).toHaveText("Completed");
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      "America/New_York",
    );
    await expect(page.getByText(placedIn("en"), { exact: true })).toBeVisible();
    // React reports a text the server wrote differently as a hydration error (#418, #425).
    expect(errors.filter((error) => /hydrat|#418|#425/i.test(error))).toEqual([]);
    await screenshot(page, `order-details-times-${info.project.name}-en`);

    // The page in Arabic (the customer chose English before: switchLocale takes the new one).
    await page.goto(`/ar/menu/orders/${order.id}/details?switchLocale=1`);
    await expect(page.getByText(placedIn("ar"), { exact: true })).toBeVisible();
    await screenshot(page, `order-details-times-${info.project.name}-ar`);
  },
);
