import type { Page } from "@playwright/test";
import { apiHeaders, openVendorCarts, signInQuickly } from "./api-orders.ts";
import { expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

/** A signed-in customer's cart of an open Riga store (enough of a plain product for its minimum). */
async function groceryCart(page: Page) {
  for await (const cart of openVendorCarts(page, "STORE")) return cart;
  throw new Error("Riga has an open store that delivers");
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`a customer asks for a grocery order to be left at the door, with a refund for anything out of stock (${lang})`, async ({
    page,
  }, info) => {
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

    // One choice at a time, each once the server has taken it: the cart it answers shows the choices
    // it holds, and an answer to the first choice arriving after a second tick would undo the tick.
    const saved = page.waitForResponse(
      (response) => response.request().method() === "PUT" && /\/api\/carts\/[\w-]+$/.test(response.url()),
    );
    await instructions.getByRole("checkbox", { name: words("checkout.contactless") }).check();
    await expect(instructions.getByRole("checkbox", { name: words("checkout.contactless") })).toBeChecked();
    expect((await saved).ok()).toBe(true);
    await instructions.getByRole("radio", { name: words("checkout.substitution.REFUND") }).check();
    await expect(
      instructions.getByRole("radio", { name: words("checkout.substitution.REFUND") }),
    ).toBeChecked();
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
  });
}
