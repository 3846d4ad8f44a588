import { signInQuickly } from "./api-orders.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";

/** Phone ranges of customer.ts. */
const range = (project: string) => (project === "phone" ? 65 : 75);

test(
  "a customer finds their referral code in the account and copies it",
  atOneWidth("desktop"),
  async ({ page, context }, info) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInQuickly(page, range(info.project.name));
    await page.goto("/en/menu");
    await page.getByRole("link", { name: "Invite friends" }).click();
    await expect(page.getByRole("heading", { name: "Invite friends" })).toBeVisible();
    await expect(page.getByText("Your friend gets 15% off their first order with your code.")).toBeVisible();
    await expect(
      page.getByText("You get a 10% promo code once their first order is delivered."),
    ).toBeVisible();

    const code = page.getByText(/^[A-HJ-NP-Z2-9]{8}$/);
    await expect(code).toBeVisible();
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.textContent());

    // The code stays the customer's own.
    const shown = await code.textContent();
    await page.reload();
    await expect(page.getByText(shown ?? "")).toBeVisible();
  },
);
