import { atOneWidth, expect, test } from "./fixtures.ts";
import { ADDRESS } from "./restaurants.ts";

test(
  "the city picker switches the locality behind the loader screen",
  atOneWidth("desktop"),
  async ({ page }) => {
    await page.goto("/en/riga");
    // Kyiv's catalogue is held on its way, as on a slow network.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/en\/kyiv\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "City: Riga. Change" }).click();
    await page.getByRole("dialog", { name: "Choose your city" }).getByRole("link", { name: "Kyiv" }).click();
    // Meanwhile the partner's text logo and a spinner cover the page.
    const loader = page.getByRole("status", { name: "Loading", exact: true });
    await expect(loader).toHaveText("Dostavka");
    release();
    await expect(loader).toBeHidden();
    await expect(page).toHaveURL(/\/en\/kyiv$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Restaurants and stores in Kyiv" }),
    ).toBeVisible();
  },
);

test("with a Riga address, Kyiv's vendors say they do not deliver there and the picker starts in Kyiv", async ({
  page,
}) => {
  await page.goto(`/en/riga?address=${ADDRESS}`);
  await page.goto("/en/kyiv");
  // No made-up time or price: each card says the address is out of reach.
  const card = page.getByRole("article").first();
  await expect(card).toContainText("The vendor does not deliver to this address");
  await expect(card).not.toContainText(/\d+\s*min/);
  await card.getByRole("heading").getByRole("link").click();
  await expect(page).toHaveURL(/\/en\/kyiv\/vendor\/\d+/);
  await expect(page.getByRole("main").getByText("The vendor does not deliver to this address")).toHaveCount(
    1,
  );

  // A new address starts where the customer is browsing, not back in Riga.
  await page.getByRole("link", { name: "Brīvības iela 1, Rīga" }).first().click();
  const where = page.getByRole("dialog", { name: "Where to deliver?" });
  await expect(where.getByRole("textbox", { name: "Street and house" })).toHaveValue(/Київ|Kyiv/);
});

test.describe("with the device position allowed", () => {
  test.use({ geolocation: { latitude: 33.3152, longitude: 44.3661 }, permissions: ["geolocation"] });

  test("use my location opens the locality that delivers there", atOneWidth("desktop"), async ({ page }) => {
    await page.goto("/en/riga");
    await page.getByRole("button", { name: "City: Riga. Change" }).click();
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect(page).toHaveURL(/\/en\/baghdad\?lat=33\.3152\d*&lng=44\.3661\d*$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Restaurants and stores in Baghdad" }),
    ).toBeVisible();
  });
});

test.describe("with the device position refused", () => {
  test.use({ permissions: [] });

  test("use my location explains that location is off", async ({ page }) => {
    await page.goto("/en/riga");
    await page.getByRole("button", { name: "City: Riga. Change" }).click();
    await page.getByRole("button", { name: "Use my location" }).click();
    const alert = page.getByRole("alertdialog", { name: "Location is off" });
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "Got it" }).click();
    await expect(alert).toBeHidden();
    await expect(page).toHaveURL(/\/en\/riga$/);
  });
});
