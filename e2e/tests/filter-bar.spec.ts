import { atOneWidth, expect, test } from "./fixtures.ts";

interface CategoryTree {
  tree: Array<{ children: Array<{ id: number; name: string; vendorsCount: number }> }>;
}

/** Riga's categories as the API names them in a language. */
async function categoriesIn(request: import("@playwright/test").APIRequestContext, lang: string) {
  const headers = { "X-Partner-Code": "demo", "Accept-Language": lang };
  const answer: CategoryTree = await (
    await request.get("/api/public/localities/riga/categories", { headers })
  ).json();
  return answer.tree.flatMap((parent) => parent.children);
}

test(
  "in Arabic, the filters count every picked category",
  atOneWidth("desktop"),
  async ({ page }, testInfo) => {
    const [first, second] = (await categoriesIn(page.request, "ar")).filter((c) => c.vendorsCount > 0);
    if (!first || !second) throw new Error("Riga needs two categories with vendors");
    await page.goto("/ar/riga?switchLocale=1");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    await page.getByRole("button", { name: "الفئات" }).click();
    const panel = page.getByRole("dialog", { name: "الفئات" });
    await panel.getByRole("checkbox", { name: first.name }).check();
    await panel.getByRole("checkbox", { name: second.name }).check();
    await panel.getByRole("button", { name: "عرض النتائج" }).click();
    await expect(page).toHaveURL(new RegExp(`categories=${first.id}&categories=${second.id}`));

    await expect(page.getByRole("button", { name: "الفئات" })).toContainText("2");
    if (testInfo.project.name === "phone") {
      // The header's filter icon (phones only) counts both, not only the first.
      const icon = page.getByRole("banner").getByRole("link", { name: /^الفلاتر، تم اختيار/ });
      await expect(icon).toHaveAccessibleName(/(2|٢)$/);
      await expect(icon).toHaveText("2");
    }
  },
);

test("the filter bar is hidden while no vendor matches", async ({ page }) => {
  const flowers = (await categoriesIn(page.request, "en")).find((c) => c.name === "Flowers");
  if (!flowers) throw new Error("Riga needs its flower shop");
  await page.goto("/en/riga?switchLocale=1");
  const bar = page.getByRole("button", { name: "Categories" });
  await bar.click();
  const categories = page.getByRole("dialog", { name: "Categories" });
  await categories.getByRole("checkbox", { name: "Flowers" }).check();
  await categories.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(new RegExp(`categories=${flowers.id}`));

  // The one flower shop delivers in more than half an hour.
  await page.getByRole("button", { name: "Delivery time" }).click();
  const time = page.getByRole("dialog", { name: "Delivery time" });
  await time.getByRole("radio", { name: "Up to 30 min" }).check();
  await time.getByRole("button", { name: "Show results" }).click();

  await expect(page.getByText("Nothing matches these filters")).toBeVisible();
  await expect(bar).toBeHidden();
  await expect(page.getByRole("link", { name: "Search restaurants and stores" })).toBeHidden();

  await page.getByRole("link", { name: "Reset filters" }).click();
  await expect(bar).toBeVisible();
});

test("a filter opened while the last one's results come in stays open", async ({ page }) => {
  await page.clock.install();
  await page.goto("/en/riga?switchLocale=1");
  await page.getByRole("button", { name: "Categories" }).click();
  const categories = page.getByRole("dialog", { name: "Categories" });
  await categories.getByRole("checkbox", { name: "Flowers" }).check();
  // The clock stands still, so the applied panel's checkmark lasts until the clock moves on.
  await page.clock.pauseAt(Date.now() + 60_000);
  await categories.getByRole("button", { name: "Show results" }).click();
  await expect(page).toHaveURL(/categories=/);

  await page.getByRole("button", { name: "Delivery time" }).click();
  const time = page.getByRole("dialog", { name: "Delivery time" });
  await expect(time).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(categories).toBeHidden();
  await expect(time.getByRole("radio", { name: "Up to 30 min" })).toBeVisible();
  await time.getByRole("radio", { name: "Up to 30 min" }).check();
  await expect(time).toBeVisible();
});
