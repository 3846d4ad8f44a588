import { placeOrder, signInQuickly } from "./api-orders.ts";
import { expect, test } from "./fixtures.ts";
import { type Lang, pattern, say } from "./words.ts";

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`the order's page says when it arrives, and the window narrows as the courier comes (${lang})`, async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await signInQuickly(page, info.project.name === "phone" ? 86 : 88);
    const { order } = await placeOrder(page, "CASH");
    await page.goto(`/${lang}/menu/orders/${order.id}/status`);
    const arrives = page.getByText(pattern(lang, "order.eta.arrives"));
    await expect(arrives).toBeVisible();
    // Once the page is live it also says how many minutes that is.
    await expect(page.getByText(pattern(lang, "order.eta.in"))).toBeVisible();
    const first = await arrives.textContent();
    await page.screenshot({ path: `../docs/screenshots/arrival-window-${info.project.name}-${lang}.png` });

    // The simulated kitchen and courier move it on: the window is told anew over the tracking socket.
    await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.ON_DELIVERY"), {
      timeout: 45_000,
    });
    await expect(arrives).not.toHaveText(first ?? "");
  });
}
