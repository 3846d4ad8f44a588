import type { Page } from "@playwright/test";
import { apiHeaders, openVendorCarts, signInQuickly } from "./api-orders.ts";
import { expect, oneWidthPerLanguage, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

/** A signed-in customer's cart of an open Riga store (enough of a plain product for its minimum). */
async function groceryCart(page: Page) {
  for await (const cart of openVendorCarts(page, "STORE")) return cart;
  throw new Error("Riga has an open store that delivers");
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(
    `a customer asks for a grocery order to be left at the door, with a refund for anything out of stock (${lang})`,
    oneWidthPerLanguage(lang),
    async ({ page }, info) => {
      await signInQuickly(page, info.project.name === "phone" ? 62 : 72);
      await groceryCart(page);
      await page.goto(`/${lang}/cart`);
      // Its choices are enabled once the page's script has run: a tick waits for that.
      const words = (key: string) => say(lang, key);
      const instructions = page.getByRole("group", { name: words("checkout.instructions") });
      await expect(instructions).toBeVisible();
      // A grocery cart replaces what is out of stock with a similar item unless the customer says otherwise.
      await expect(
        instructions.getByRole("radio", { name: words("checkout.substitution.SIMILAR") }),
      ).toBeChecked();

      // Two choices in quick succession, the first one's answer held back until the second's has come:
      // neither undoes the other on the page.
      let secondAnswered: () => void = () => {};
      const second = new Promise<void>((resolve) => {
        secondAnswered = resolve;
      });
      let puts = 0;
      await page.route(/\/api\/carts\/[\w-]+$/, async (route) => {
        if (route.request().method() !== "PUT") return route.continue();
        puts += 1;
        const answer = await route.fetch();
        if (puts === 1) await second;
        await route.fulfill({ response: answer });
        if (puts === 2) secondAnswered();
      });
      const answered = page.waitForResponse(
        (response) => response.request().method() === "PUT" && /\/api\/carts\/[\w-]+$/.test(response.url()),
      );
      await instructions.getByRole("checkbox", { name: words("checkout.contactless") }).check();
      await instructions.getByRole("radio", { name: words("checkout.substitution.REFUND") }).check();
      await answered;
      await expect.poll(() => puts).toBe(2);
      await second;
      await expect(instructions.getByRole("checkbox", { name: words("checkout.contactless") })).toBeChecked();
      await expect(
        instructions.getByRole("radio", { name: words("checkout.substitution.REFUND") }),
      ).toBeChecked();
      await page.unrouteAll({ behavior: "wait" });
      await instructions.scrollIntoViewIfNeeded();
      await screenshot(page, `delivery-instructions-${info.project.name}-${lang}`);

      // Chosen on the server: a new page shows the same choices.
      await page.reload();
      await expect(instructions.getByRole("checkbox", { name: words("checkout.contactless") })).toBeChecked();
      await expect(
        instructions.getByRole("checkbox", { name: words("checkout.callOnArrival") }),
      ).not.toBeChecked();

      await page.getByRole("button", { name: words("checkout.place") }).click();
      const success = page.getByRole("dialog", { name: words("success.title") });
      await expect(success).toBeVisible();
      const mine = await (await page.request.get("/api/customer/me/orders", { headers: apiHeaders })).json();
      // The order's page (its status while it is under way) says what was asked.
      await page.goto(`/${lang}/menu/orders/${mine.activeOrders[0].id}/status`);
      const carried = page.getByRole("region", { name: words("checkout.instructions") });
      await expect(carried.getByRole("listitem")).toHaveText([
        words("checkout.contactless"),
        `${words("checkout.substitution")}: ${words("checkout.substitution.REFUND")}`,
      ]);
    },
  );
}
