import { demoSecrets } from "../server-data.ts";
import { apiHeaders, placeOrder, placeOrderIn, signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, oneWidthPerLanguage, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, pattern, say } from "./words.ts";

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `the order's page says when it arrives, and the window narrows as the courier comes (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      await signInQuickly(page, info.project.name === "phone" ? 86 : 88);
      // Kyiv's all-night store, whose orders wait for its staff: the test moves it itself.
      const order = await placeOrderIn(page, "kyiv", { vendor: "Комора 24" });
      await page.goto(`/${lang}/menu/orders/${order.id}/status`);
      // The order's own page (the header's popup of active orders says it too).
      const arrives = page.getByRole("main").getByText(pattern(lang, "order.eta.arrives"));
      await expect(arrives).toBeVisible();
      // Once the page is live it also says how many minutes that is.
      await expect(page.getByRole("main").getByText(pattern(lang, "order.eta.in"))).toBeVisible();
      const first = await arrives.textContent();
      await screenshot(page, `arrival-window-${info.project.name}-${lang}`);

      // The kitchen's and the courier's devices move it on (the ops API): the window is told anew
      // over the tracking socket as the courier rides.
      const devices = { ...apiHeaders, "X-Api-Key": demoSecrets().opsKeys.dispatch };
      const ops = async (path: string, data?: object) => {
        const moved = await page.request.post(`/api/ops/orders/${order.id}/${path}`, {
          headers: devices,
          data,
        });
        expect(moved.status(), `${path}: ${await moved.text()}`).toBe(200);
      };
      for (const move of ["accept", "preparing", "ready"]) await ops(move);
      await ops("courier", { name: "Тарас Шевчук", phone: "+380671112233" });
      await ops("on-delivery");
      await ops("courier-location", { latitude: 50.457, longitude: 30.497 });
      await expect(page.getByRole("status")).toHaveText(say(lang, "order.status.ON_DELIVERY"));
      await expect(arrives).not.toHaveText(first ?? "");
    },
  );
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `the orders list and the header's popup say when each active order arrives (${lang})`,
    // The desktop's header popup is its subject, in both languages; the list is the same on a phone.
    atOneWidth("desktop"),
    async ({ page }, info) => {
      test.setTimeout(90_000);
      await signInQuickly(page, info.project.name === "phone" ? 86 : 88);
      const { order, vendorName } = await placeOrder(page, "CASH");
      await page.goto(`/${lang}/menu/orders`);
      const active = page.getByRole("region", { name: say(lang, "orders.active") });
      await expect(active.getByText(pattern(lang, "order.eta.arrives"))).toBeVisible();

      // On a desktop the header's orders button opens the orders under way, each with its window.
      if (info.project.name !== "desktop") return;
      await page
        .getByRole("banner")
        .getByRole("button", { name: say(lang, "header.orders") })
        .click();
      const popup = page.getByRole("dialog", { name: say(lang, "orders.activeTitle") });
      const line = popup.getByRole("link", { name: new RegExp(`\\b${order.id}\\b`) });
      await expect(line).toContainText(vendorName);
      await expect(line.getByText(pattern(lang, "order.eta.arrives"))).toBeVisible();
      await screenshot(page, `active-orders-popup-${lang}`);
      // Open, the popup follows the order: the kitchen's and the courier's next step shows in it.
      const shown = (await line.textContent()) ?? "";
      const status = ["WAITING_APPROVAL", "PREPARING", "READY", "ON_DELIVERY", "ARRIVED"]
        .map((name) => say(lang, `order.status.${name}`))
        .filter((word) => shown.includes(word))
        .sort((a, b) => b.length - a.length)[0];
      expect(status, `a status in "${shown}"`).toBeDefined();
      await expect(line).not.toContainText(status ?? "", { timeout: 45_000 });
      await line.click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/menu/orders/${order.id}/status`));
    },
  );
}
