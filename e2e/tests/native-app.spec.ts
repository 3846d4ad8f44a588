import { newPhone, signIn } from "./customer.ts";
import { expect, test } from "./fixtures.ts";

test("inside the native app's webview the storefront leaves out what the app does itself", async ({
  page,
}, info) => {
  // The app opens the storefront with its platform; the storefront remembers it for the visit.
  await page.goto("/en/riga?platform=android");
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Dostavka, home" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Language" })).toHaveCount(0);

  await signIn(page, newPhone(info.project.name === "phone" ? 67 : 77));
  await page.goto("/en/menu");
  // The app signs out itself; deleting the account stays the customer's to do here.
  await expect(page.getByRole("button", { name: "Delete account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
});
