import type { Page, Response } from "@playwright/test";
import { signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";

/** Phone ranges of customer.ts. */
const range = (project: string) => (project === "phone" ? 66 : 76);

/** Opens Pica Fornello's Margherita in its modal from the Riga catalogue. */
async function openMargherita(page: Page) {
  await page.goto("/en/riga");
  await page.getByRole("main").getByRole("link", { name: "Pica Fornello" }).click();
  await expect(page).toHaveTitle("Dostavka — Pica Fornello");
  await page.getByRole("region", { name: "Pizza" }).getByRole("link", { name: "Margherita" }).click();
  const dialog = page.getByRole("dialog", { name: "Margherita" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The API's answer to the heart's change, so the next page reads what the server stored. */
const favouriteChange = (page: Page, method: "POST" | "DELETE") =>
  page.waitForResponse(
    (response: Response) =>
      response.request().method() === method && response.url().includes("/customer/me/favourites/products/"),
  );

test("a customer favourites a product, finds it in the favourites, and unfavourites it", async ({
  page,
}, info) => {
  // Sign-in and five page loads: more than the default half-minute on a busy machine.
  test.setTimeout(60_000);
  await signInQuickly(page, range(info.project.name));
  const dialog = await openMargherita(page);
  const heart = dialog.getByRole("button", { name: "Favourite: Margherita" });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const saved = favouriteChange(page, "POST");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  expect((await saved).status()).toBe(204);

  await page.goto("/en/menu/favorites");
  await expect(page).toHaveTitle("Dostavka — Favorites");
  const products = page.getByRole("region", { name: "Dishes and goods" });
  await expect(products.getByText("Pica Fornello")).toBeVisible();
  await products.getByRole("link", { name: "Margherita" }).click();
  await expect(page).toHaveTitle("Dostavka — Pica Fornello");
  const again = page.getByRole("dialog", { name: "Margherita" });
  const pressed = again.getByRole("button", { name: "Favourite: Margherita" });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");
  const removed = favouriteChange(page, "DELETE");
  await pressed.click();
  await expect(pressed).toHaveAttribute("aria-pressed", "false");
  expect((await removed).status()).toBe(204);

  await page.reload();
  await expect(page.getByRole("button", { name: "Favourite: Margherita" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await page.goto("/en/menu/favorites");
  await expect(page.getByText("No favourites yet")).toBeVisible();
  await expect(page.getByRole("region", { name: "Dishes and goods" })).toHaveCount(0);
});

test("an anonymous visitor sees no heart on a product", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/riga?switchLocale=1");
  const dialog = await openMargherita(page);
  await expect(dialog.getByRole("heading", { name: "Margherita" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: /^Favourite:/ })).toHaveCount(0);
});
