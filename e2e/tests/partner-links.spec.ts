import { codeFor, newPhone } from "./customer.ts";
import { atOneWidth, expect, test } from "./fixtures.ts";

/** A partner's link may name the customer (rule 8): what it says is already filled in. */
test(
  "a demo-promo link prefills the sign-in phone, the name and the profile",
  atOneWidth("desktop"),
  async ({ page }, testInfo) => {
    const phone = newPhone(testInfo.project.name === "phone" ? 95 : 96);
    const digits = phone.replace(/\D/g, "");
    const query = new URLSearchParams({
      customerPhone: `+${digits}`,
      customerName: "Eva",
      customerEmail: "eva@example.com",
      companyID: "acme",
    });
    await page.goto(`/en/riga?${query}`);
    await page.getByRole("link", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in" });
    const field = dialog.getByRole("textbox", { name: "Phone number" });
    await expect(field).toHaveValue(/^\+371 /);
    expect((await field.inputValue()).replace(/\D/g, "")).toBe(digits);

    await dialog.getByRole("button", { name: "Get the code" }).click();
    await dialog.getByRole("textbox", { name: "Code from the SMS" }).fill(await codeFor(page, phone));
    await dialog.getByRole("button", { name: "Sign in" }).click();
    const naming = page.getByRole("dialog", { name: "What is your name?" });
    await expect(naming.getByRole("textbox", { name: "Name" })).toHaveValue("Eva");
    await naming.getByRole("button", { name: "Save" }).click();
    const address = page.getByRole("dialog", { name: "Where to deliver?" });
    await address.getByRole("button", { name: "Close" }).click();
    await expect(address).toBeHidden();

    // Later, without the link's parameters: the profile offers the link's e-mail to save.
    await page.goto("/en/menu/profile");
    await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue("Eva");
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue("eva@example.com");
  },
);

test("customer data prefills the external customer's phone", atOneWidth("desktop"), async ({ page }) => {
  const data = JSON.stringify({ phone: "+371 2000 0042", name: "Anna", customerLocale: "en-GB" });
  await page.goto(`/en/riga?customerData=${encodeURIComponent(data)}&modal=AuthModal`);
  const field = page.getByRole("dialog", { name: "Sign in" }).getByRole("textbox", { name: "Phone number" });
  await expect(field).toHaveValue(/^\+371 /);
  expect((await field.inputValue()).replace(/\D/g, "")).toBe("37120000042");
});

test.describe("at a phone's width, where the bottom bar shows", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a demo-promo address disables the bottom bar's links", async ({ page }) => {
    const point = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };
    const bar = page.getByRole("navigation", { name: "Sections" });

    await page.goto(`/en/riga?address=${encodeURIComponent(JSON.stringify({ ...point, demoPromo: true }))}`);
    for (const name of ["Home", "Favourites", "Orders", "Menu"]) {
      await expect(bar.getByRole("link", { name })).toBeDisabled();
      await expect(bar.getByRole("link", { name })).not.toHaveAttribute("href");
    }

    // Another address without the marker: the links lead somewhere again.
    await page.goto(`/en/riga?address=${encodeURIComponent(JSON.stringify(point))}`);
    await expect(bar.getByRole("link", { name: "Orders" })).toBeEnabled();
    // The account is for signed-in customers: the link leads an anonymous visitor to sign in.
    await bar.getByRole("link", { name: "Orders" }).click();
    await expect(page.getByRole("dialog", { name: "Sign in" })).toBeVisible();
  });
});
