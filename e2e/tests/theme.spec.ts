import { atOneWidth, expect, test } from "./fixtures.ts";

const DEFAULT_ORANGE = "#f97316";

test.afterEach(async ({ request }) => {
  await request.put("/api/dev/partners/demo/theme", { data: { brandColour: DEFAULT_ORANGE } });
});

test(
  "changing the partner's brand colour re-themes the storefront",
  atOneWidth("desktop"),
  async ({ page, request }) => {
    await page.goto("/en/riga?switchLocale=1");
    const logo = page.getByRole("link", { name: /Dostavka/ }).first();
    const orange = await logo.evaluate((element) => getComputedStyle(element).color);

    const changed = await request.put("/api/dev/partners/demo/theme", { data: { brandColour: "#0f766e" } });
    expect(changed.status()).toBe(204);
    await page.reload();
    const teal = await logo.evaluate((element) => getComputedStyle(element).color);
    expect(teal).not.toBe(orange);
    // And back: the colour comes from the partner's configuration alone.
    await request.put("/api/dev/partners/demo/theme", { data: { brandColour: DEFAULT_ORANGE } });
    await page.reload();
    expect(await logo.evaluate((element) => getComputedStyle(element).color)).toBe(orange);
  },
);
