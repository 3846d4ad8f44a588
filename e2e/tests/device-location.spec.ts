import type { Page } from "@playwright/test";
import { atOneWidth, expect, test } from "./fixtures.ts";
import { orderableNow } from "./orderable.ts";

const KYIV = { latitude: 50.4501, longitude: 30.5234 };
const BAGHDAD = { latitude: 33.3152, longitude: 44.3661 };
const RIGA_ADDRESS = encodeURIComponent(
  JSON.stringify({ latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" }),
);

async function useMyLocation(page: Page) {
  await page.getByRole("button", { name: /^City: .*\. Change$/ }).click();
  await page.getByRole("button", { name: "Use my location" }).click();
}

/**
 * The page shows the city in its header. The address bar names a new locality before its page has
 * replaced the last one (a transition): a tap on the old page's header would open a picker that the
 * new page then takes away, as it would under a customer's finger.
 */
async function expectCity(page: Page, city: string) {
  await expect(page.getByRole("button", { name: `City: ${city}. Change` })).toBeVisible();
}

async function chooseCity(page: Page, city: string) {
  await page.getByRole("button", { name: /^City: .*\. Change$/ }).click();
  await page.getByRole("dialog", { name: "Choose your city" }).getByRole("link", { name: city }).click();
  await expectCity(page, city);
}

/** An open vendor of Riga and a product added straight from its menu. */
async function addSomethingInRiga(page: Page) {
  const headers = { "X-Partner-Code": "demo", "Accept-Language": "en" };
  const vendors = await (
    await page.request.get("/api/public/localities/riga/vendors?size=100", { headers })
  ).json();
  for (const vendor of vendors.content) {
    if (!orderableNow(vendor)) continue;
    const menu = await (await page.request.get(`/api/vendors/${vendor.id}/catalogue`, { headers })).json();
    const product = menu.sections
      .flatMap(
        (s: { products: Array<{ name: string; available: boolean; componentGroups: unknown[] }> }) =>
          s.products,
      )
      .find(
        (p: { available: boolean; componentGroups: unknown[] }) =>
          p.available && p.componentGroups.length === 0,
      );
    if (!product) continue;
    await page.goto(`/en/riga/vendor/${vendor.id}?address=${RIGA_ADDRESS}`);
    await page
      .getByRole("button", { name: `Add ${product.name} to the cart` })
      .first()
      .click();
    await expect(page.getByRole("link", { name: "Open the cart" })).toBeVisible();
    return;
  }
  throw new Error("no open vendor in Riga with a plain product");
}

test.describe("with the device in Kyiv", () => {
  test.use({ geolocation: KYIV, permissions: ["geolocation"] });

  test("moving to another locality by the device position empties the cart", async ({ page, context }) => {
    await addSomethingInRiga(page);
    expect((await context.cookies()).map((c) => c.name)).toContain("cartId");

    await useMyLocation(page);
    await expect(page).toHaveURL(/\/en\/kyiv\?lat=50\.4501\d*&lng=30\.5234\d*$/);
    await expectCity(page, "Kyiv");
    await expect(page.getByRole("link", { name: "Open the cart" })).toHaveCount(0);
    expect((await context.cookies()).map((c) => c.name)).not.toContain("cartId");

    // Emptied, not only forgotten here: back in Riga there is nothing in it.
    await chooseCity(page, "Riga");
    await expect(page).toHaveURL(/\/en\/riga$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Restaurants and stores in Riga" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the cart" })).toHaveCount(0);
  });
});

test.describe("with the device in Baghdad", () => {
  test.use({ geolocation: BAGHDAD, permissions: ["geolocation"] });

  test("the position read once is kept for the tab and read back before asking again", async ({
    page,
    context,
  }) => {
    await page.goto("/en/riga");
    await useMyLocation(page);
    await expect(page).toHaveURL(/\/en\/baghdad\?lat=33\.3152\d*&lng=44\.3661\d*$/);
    await expectCity(page, "Baghdad");

    await chooseCity(page, "Riga");
    await expect(page).toHaveURL(/\/en\/riga$/);
    // The device has moved, and may no longer be asked: this tab still knows where it was.
    await context.setGeolocation(KYIV);
    await context.clearPermissions();
    await useMyLocation(page);
    await expect(page).toHaveURL(/\/en\/baghdad\?lat=33\.3152\d*&lng=44\.3661\d*$/);
  });
});

test.describe("with a device that cannot tell its position", () => {
  test.beforeEach(async ({ page }) => {
    // The position is unavailable (code 2): no fix, though location is allowed.
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_found, failed) =>
        failed?.({
          code: 2,
          message: "Position unavailable",
          PERMISSION_DENIED: 1,
        } as GeolocationPositionError);
    });
  });

  test(
    "a failed read is logged and the visitor carries on where they are",
    atOneWidth("desktop"),
    async ({ page }) => {
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text());
      });
      await page.goto("/en/riga");
      await useMyLocation(page);
      await expect
        .poll(() => warnings.filter((w) => w.startsWith("Unable to read the device location")).length)
        .toBe(2);
      await expect(page.getByRole("button", { name: "Use my location" })).toBeEnabled();
      await expect(page.getByRole("alertdialog", { name: "Location is off" })).toHaveCount(0);
      await expect(page).toHaveURL(/\/en\/riga$/);
    },
  );
});
