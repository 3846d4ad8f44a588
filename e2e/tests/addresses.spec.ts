import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { openRestaurantCarts, signInQuickly } from "./api-orders.ts";
import { consoleStaff } from "./console-staff.ts";
import { codeFor, newPhone as phoneIn, signInFromCheckout, signInWithCode } from "./customer.ts";
import { atEveryWidth, atOneWidth, cutTexts, expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

const range = (project: string) => (project === "phone" ? 69 : 79);
const newPhone = (project: string) => phoneIn(range(project));

/**
 * The header's address selector of a customer with saved addresses: the address popup's link on a
 * phone, the dropdown's button on desktop.
 */
const selectorOf = (page: Page, info: TestInfo, name: string) =>
  page.getByRole(info.project.name === "phone" ? "link" : "button", { name, exact: true });

test("a visitor places the pin and gets a temporary address named by its street", async ({ page }) => {
  await page.goto("/en/riga?switchLocale=1");
  await page.getByRole("link", { name: "Enter delivery address" }).click();
  const dialog = page.getByRole("dialog", { name: "Where to deliver?" });
  // The city's delivery zone is shaded on the map (its drawing has no role: found by its class) and
  // said in words below it.
  await expect(dialog.locator("path.delivery-zone")).toBeVisible();
  await expect(
    dialog.getByRole("group", { name: "Map: tap or drag the pin to your door" }),
  ).toHaveAccessibleDescription("Delivery is possible inside the shaded area.");
  // The pin is dragged or put by a tap; the keyboard meets no button on the map it could not use.
  const unnamed = await new AxeBuilder({ page })
    .include(".leaflet-container")
    .withRules(["aria-command-name"])
    .analyze();
  expect(unnamed.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" ")))).toEqual([]);
  const street = dialog.getByRole("textbox", { name: "Street and house" });
  // The street of the pin comes from reverse geocoding; the map itself needs no tiles for that.
  await expect(street).toHaveValue(/, Rīga, Latvija$/);
  const named = await street.inputValue();
  await dialog.getByRole("button", { name: "Deliver here" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("link", { name: named })).toBeVisible();
});

test("an empty street is refused with the required-field text", atOneWidth("desktop"), async ({ page }) => {
  await page.goto("/en/riga?switchLocale=1");
  await page.getByRole("link", { name: "Enter delivery address" }).click();
  const dialog = page.getByRole("dialog", { name: "Where to deliver?" });
  const street = dialog.getByRole("textbox", { name: "Street and house" });
  await expect(street).toHaveValue(/Rīga/);
  await street.fill("");
  await dialog.getByRole("button", { name: "Deliver here" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This field is required or your custom error message");
});

test("a customer saves, selects, edits and deletes addresses", atEveryWidth(), async ({ page }, info) => {
  await signInQuickly(page, range(info.project.name));
  await page.goto("/en/riga");
  await page.getByRole("link", { name: "Enter delivery address" }).click();
  let dialog = page.getByRole("dialog", { name: "Where to deliver?" });
  // The pin's street arrives first; typed sooner, it could land in the field beside the typing.
  await expect(dialog.getByRole("textbox", { name: "Street and house" })).toHaveValue(/Rīga/);
  await dialog.getByRole("textbox", { name: "Street and house" }).fill("Brīvības iela 68, Rīga");
  await dialog.getByRole("textbox", { name: "Apartment" }).fill("12");
  await dialog.getByRole("textbox", { name: "Name of the address" }).fill("Home");
  await dialog.getByRole("button", { name: "Deliver here" }).click();
  await expect(dialog).toBeHidden();
  const selector = selectorOf(page, info, "Brīvības iela 68, Rīga");
  await expect(selector).toBeVisible();

  // The list shows the saved address as the chosen one; edit its name.
  await selector.click();
  const list = page.getByRole("dialog", { name: "Delivery address" });
  await expect(list.getByRole("radio", { name: /Home/ })).toBeChecked();
  if (info.project.name !== "phone") {
    // On a wide screen the selector is a menu toggle: a second click closes the list, a third opens it.
    await selector.click();
    await expect(list).toBeHidden();
    await selector.click();
    await expect(list.getByRole("radio", { name: /Home/ })).toBeChecked();
  }
  await list.getByRole("button", { name: "Edit" }).click();
  dialog = page.getByRole("dialog", { name: "Where to deliver?" });
  await dialog.getByRole("textbox", { name: "Name of the address" }).fill("Flat");
  await dialog.getByRole("button", { name: "Deliver here" }).click();
  await expect(dialog).toBeHidden();

  await selectorOf(page, info, "Brīvības iela 68, Rīga").click();
  await expect(
    page.getByRole("dialog", { name: "Delivery address" }).getByRole("radio", { name: /Flat/ }),
  ).toBeChecked();
  // Deleting the chosen address forgets the choice.
  await page
    .getByRole("dialog", { name: "Delivery address" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("link", { name: "Enter delivery address" })).toBeVisible();
});

test(
  "the account's address pages add, choose, edit and delete addresses",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    await signInQuickly(page, range(info.project.name));
    await page.goto("/en/menu/address/address-list");
    await expect(page.getByRole("heading", { name: "My addresses" })).toBeVisible();
    await expect(page).toHaveTitle("Dostavka — My addresses");
    await expect(page.getByText("No saved addresses yet")).toBeVisible();

    const add = async (street: string, name: string) => {
      await page.getByRole("button", { name: "Add an address" }).click();
      await expect(page.getByRole("heading", { name: "New address" })).toBeVisible();
      const streetBox = page.getByRole("textbox", { name: "Street and house" });
      // The pin's street arrives first; the customer's own typing then replaces it.
      await expect(streetBox).toHaveValue(/Rīga/);
      await streetBox.fill(street);
      await page.getByRole("textbox", { name: "Name of the address" }).fill(name);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "My addresses" })).toBeVisible();
    };

    // The first address becomes the delivery address; a second one leaves the choice alone.
    await add("Tērbatas iela 14, Rīga", "Home");
    await expect(page.getByText("1 saved address", { exact: true })).toBeVisible();
    await expect(page.getByRole("radio", { name: /Home/ })).toBeChecked();
    await expect(selectorOf(page, info, "Tērbatas iela 14, Rīga")).toBeVisible();
    await add("Elizabetes iela 2, Rīga", "Work");
    await expect(page.getByText("2 saved addresses")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Home/ })).toBeChecked();
    // On the narrowest phone (320 px) each address shows whole: edit and delete go under it.
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await cutTexts(page.getByRole("main"))).toEqual([]);
    if (wide) await page.setViewportSize(wide);

    await page.getByRole("radio", { name: /Work/ }).click();
    await expect(selectorOf(page, info, "Elizabetes iela 2, Rīga")).toBeVisible();
    await expect(page.getByRole("radio", { name: /Work/ })).toBeChecked();

    await page.getByRole("button", { name: "Edit: Home" }).click();
    await expect(page.getByRole("heading", { name: "Edit address" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Street and house" })).toHaveValue(
      "Tērbatas iela 14, Rīga",
    );
    await page.getByRole("textbox", { name: "Floor" }).fill("4");
    await page.getByRole("textbox", { name: "Name of the address" }).fill("Flat");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("radio", { name: /Flat/ })).not.toBeChecked();
    await expect(page.getByRole("radio", { name: /Home/ })).toHaveCount(0);

    // Deleting the chosen address forgets the choice; the other stays.
    await page.getByRole("button", { name: "Delete: Work" }).click();
    await expect(page.getByRole("radio", { name: /Work/ })).toHaveCount(0);
    await expect(page.getByText("1 saved address", { exact: true })).toBeVisible();
    await expect(selectorOf(page, info, "Enter delivery address")).toBeVisible();
    await page.reload();
    await page.getByRole("radio", { name: /Flat/ }).click();
    await expect(selectorOf(page, info, "Tērbatas iela 14, Rīga")).toBeVisible();

    // Signing out (from the side bar) forgets the chosen address too.
    await page.goto("/en/menu");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/en\/riga$/);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Enter delivery address" })).toBeVisible();
  },
);

// F-3.5's addressWasChanged: an address the visitor picked is theirs, and signing in to an account
// with saved addresses does not replace it
// (docs/decisions/0091-the-address-a-visitor-changed-f-3-5s-addresswaschanged.md).
test(
  "the address a visitor picked stays chosen when they sign in to an account with saved addresses",
  atOneWidth("desktop"),
  async ({ page }, info) => {
    const picked = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };
    await page.goto(`/en/riga?switchLocale=1&address=${encodeURIComponent(JSON.stringify(picked))}`);
    await expect(page.getByRole("link", { name: "Brīvības iela 1, Rīga" })).toBeVisible();

    // The visitor signs in (this browser's session) to an account that has a saved address.
    const phone = newPhone(info.project.name).replace(/\D/g, "");
    const headers = { "X-Partner-Code": "demo" };
    await page.request.post(`/api/customer/auth/sendPhoneConfirmation?phone=${phone}`, { headers });
    const code = await codeFor(page, phone);
    expect(
      (await page.request.post("/api/customer/auth/login", { headers, data: { phone, token: code } })).ok(),
    ).toBe(true);
    await page.request.patch("/api/customer/me", { headers, data: { name: "Laura" } });
    const home = { latitude: 56.9561, longitude: 24.1169, formattedAddress: "Tērbatas iela 14, Rīga" };
    const saved = await page.request.post("/api/customer/me/addresses", {
      headers,
      data: { name: "Home", location: home },
    });
    expect(saved.ok()).toBe(true);

    await page.reload();
    await expect(page.getByRole("link", { name: "Sign in" })).toBeHidden();
    await expect(selectorOf(page, info, "Brīvības iela 1, Rīga")).toBeVisible();
    await expect(selectorOf(page, info, "Tērbatas iela 14, Rīga")).toBeHidden();
  },
);

test(
  "what a guest typed for the courier reaches the order and the kitchen after signing in at checkout",
  atOneWidth("phone"),
  async ({ page, browser }, info) => {
    // A guest with a cart (set up through the API) gives the address with its details.
    const next = await openRestaurantCarts(page).next();
    if (next.done) throw new Error("no open restaurant in Riga");
    await page
      .context()
      .addCookies([{ name: "cartId", value: next.value.cartId, url: info.project.use.baseURL as string }]);
    await page.goto("/en/riga?switchLocale=1");
    await page.getByRole("link", { name: "Enter delivery address" }).click();
    const dialog = page.getByRole("dialog", { name: "Where to deliver?" });
    const street = dialog.getByRole("textbox", { name: "Street and house" });
    await expect(street).toHaveValue(/, Rīga, Latvija$/);
    // A long street, as Riga has: the checkout must still fit the phone's screen (decision 0186).
    await street.fill("Krišjāņa Barona iela 123 k-2, Centra rajons, Rīga, LV-1012, Latvija");
    await dialog.getByRole("textbox", { name: "Apartment" }).fill("12");
    await dialog.getByRole("textbox", { name: "Entrance" }).fill("2");
    await dialog.getByRole("textbox", { name: "Floor" }).fill("4");
    await dialog.getByRole("textbox", { name: "Intercom" }).fill("12K");
    await dialog.getByRole("textbox", { name: "Comment for the courier" }).fill("Blue door by the bakery");
    await dialog.getByRole("button", { name: "Deliver here" }).click();
    await expect(dialog).toBeHidden();

    // Checkout asks the guest to sign in; the order is placed signed in. The cart first takes the
    // details the guest typed (its place button waits while it does).
    const followed = page.waitForResponse(
      (response) => response.request().method() === "PUT" && /\/api\/carts\/[\w-]+$/.test(response.url()),
    );
    await page.goto("/en/cart");
    expect((await followed).ok()).toBe(true);
    // Nothing on the checkout is wider than the screen: no sideways scrolling to reach its button.
    await expect(page.getByRole("button", { name: "Sign in to place the order" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    // The address the order goes to is shown whole, on as many lines as it takes.
    const destination = page.getByRole("main").getByRole("link", { name: /Krišjāņa Barona iela 123/ });
    expect(await cutTexts(destination)).toEqual([]);
    await signInFromCheckout(page, "Sign in to place the order", "Sign in");
    await signInWithCode(page, newPhone(info.project.name), "Laura");
    await page.getByRole("button", { name: "Place the order" }).click();
    const placed = page.getByRole("dialog", { name: "Order placed" });
    await placed.getByRole("link", { name: "Follow the order" }).click();

    // The customer's order page says where the courier goes, details and all.
    const address = page.getByRole("region", { name: "Delivery address" });
    await expect(address).toContainText("Apartment: 12 · Entrance: 2 · Floor: 4 · Intercom: 12K");
    await expect(address).toContainText("Comment for the courier: Blue door by the bakery");
    await address.scrollIntoViewIfNeeded();
    await screenshot(page, `order-courier-details-${info.project.name}-en`);
    const id = page.url().match(/orders\/(\d+)\//)?.[1] as string;

    // The kitchen's console shows them on the order.
    const staff = await consoleStaff(browser, {
      baseURL: info.project.use.baseURL as string,
      viewport: { width: 1280, height: 800 },
      email: "manager@dostavka.example",
    });
    await staff.goto(`/console/en/orders/${id}`);
    await expect(staff.getByRole("term").filter({ hasText: "Apartment" })).toBeVisible();
    // Each term of the order's facts with the value beside it.
    const terms = await staff.getByRole("term").allTextContents();
    const values = await staff.getByRole("definition").allTextContents();
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toMatchObject({
      Apartment: "12",
      Entrance: "2",
      Floor: "4",
      Intercom: "12K",
      "Comment for the courier": "Blue door by the bakery",
    });
    if (info.project.name === "desktop") await screenshot(staff, "console/order-courier-details-desktop-en");
    await staff.context().close();

    // And the account keeps the address with them, for the next order.
    await page.goto("/en/menu/address/address-list");
    await page.getByRole("button", { name: /^Edit: / }).click();
    await expect(page.getByRole("textbox", { name: "Apartment" })).toHaveValue("12");
    await expect(page.getByRole("textbox", { name: "Intercom" })).toHaveValue("12K");
  },
);
