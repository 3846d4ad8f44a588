import type { Page } from "@playwright/test";
import { signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";

/** Saves a card on the sandbox gateway's card page, from the cards page's button. */
async function addCard(page: Page, cardNumber: string) {
  await page.getByRole("button", { name: "Add a card" }).click();
  await expect(page.getByRole("heading", { name: /^Save a card/ })).toBeVisible();
  await page.getByRole("textbox", { name: "Card number" }).fill(cardNumber);
  await page.getByRole("textbox", { name: "Expiry date (MM/YY)" }).fill("12/30");
  await page.getByRole("textbox", { name: "Security code (CVC)" }).fill("123");
  await page.getByRole("textbox", { name: "Name on card" }).fill("Anna Berzina");
  await page.getByRole("button", { name: "Save card" }).click();
  await expect(page).toHaveURL(/\/en\/menu\/cards\?bindStatus=AUTHORIZED/);
}

test("a customer saves cards, changes the default and removes the default one", async ({ page }, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 83 : 87);
  await page.goto("/en/menu/cards");
  await expect(page.getByText("No saved cards yet")).toBeVisible();
  await expect(page).toHaveTitle("Dostavka — My cards");

  await addCard(page, "4242 4242 4242 4242");
  const cards = page.getByRole("listitem").filter({ hasText: "****4242" });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Visa ****4242");
  await expect(cards.first()).toContainText("Default");

  await addCard(page, "4242 4242 4242 4242");
  await expect(cards).toHaveCount(2);
  const [first, second] = [cards.nth(0), cards.nth(1)];
  await expect(second.getByRole("button", { name: "Make default" })).toBeVisible();
  await second.getByRole("button", { name: "Make default" }).click();
  await expect(first.getByRole("button", { name: "Make default" })).toBeVisible();
  await expect(second).toContainText("Default");
  await expect(second.getByRole("button", { name: "Make default" })).toHaveCount(0);

  // Removing the default card passes the default on to the card left.
  await second.getByRole("button", { name: "Remove" }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Default");
  await expect(cards.first().getByRole("button", { name: "Make default" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("1 saved card")).toBeVisible();
});

test.describe("before the page's scripts have run (here: never)", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the cards page's buttons still save, change and remove cards",
    atOneWidth("desktop"),
    async ({ page }, info) => {
      await signInQuickly(page, info.project.name === "phone" ? 83 : 87);
      await page.goto("/en/menu/cards");
      await addCard(page, "4242 4242 4242 4242");
      await addCard(page, "4242 4242 4242 4242");
      const cards = page.getByRole("listitem").filter({ hasText: "****4242" });
      const [first, second] = [cards.nth(0), cards.nth(1)];
      await expect(first).toContainText("Default");

      await second.getByRole("button", { name: "Make default" }).click();
      await expect(second).toContainText("Default");
      await expect(first.getByRole("button", { name: "Make default" })).toBeVisible();

      await second.getByRole("button", { name: "Remove" }).click();
      await expect(cards).toHaveCount(1);
      await expect(cards.first()).toContainText("Default");
      await expect(page.getByText("1 saved card")).toBeVisible();
    },
  );
});
