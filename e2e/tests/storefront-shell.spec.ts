import { expect, test } from "@playwright/test";

test("the home page lists the default locality's vendors from the catalogue API", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/Dostavka/);
  await expect(page.getByRole("heading", { level: 1, name: "Dostavka" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 })).toContainText("Riga · 40");
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  await expect(cards).toHaveCount(12);
  // The first cards' pictures (loaded eagerly) are real images that decoded.
  await page.waitForFunction(() =>
    Array.from(document.images)
      .slice(0, 3)
      .every((img) => img.complete && img.naturalWidth > 0),
  );
});

test("the API answers on the same origin", async ({ request }) => {
  const health = await request.get("/api/health");
  expect(health.ok()).toBe(true);
  const localities = await request.get("/api/public/localities", { headers: { "X-Partner-Code": "demo" } });
  expect((await localities.json()).map((l: { code: string }) => l.code)).toEqual(["riga", "kyiv", "baghdad"]);
});
