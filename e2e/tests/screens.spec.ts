import type { Page } from "@playwright/test";
import { atEveryWidth, expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";

/** How many vendor cards share the first row of the locality's list. */
async function perRow(page: Page): Promise<number> {
  const cards = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
  await expect(cards.nth(5)).toBeVisible();
  const tops = await cards.evaluateAll((items) =>
    items.slice(0, 6).map((item) => Math.round(item.getBoundingClientRect().top)),
  );
  return tops.filter((top) => top === tops[0]).length;
}

// The style breakpoints of foundations §9: two vendors a row from 500 px (tablet), three from 959.
for (const [width, columns] of [
  [340, 1],
  [600, 2],
  [900, 2],
  [1000, 3],
  [1400, 3],
] as const) {
  test(`at ${width} px the vendor list shows ${columns} a row`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/en/riga");
    expect(await perRow(page)).toBe(columns);
  });
}

test("a heading's long word does not widen a 320 px phone's page (decision 0186)", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto("/ru/cms/privacy-policy?switchLocale=1");
  await expect(page.getByRole("heading", { level: 1, name: "Политика конфиденциальности" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

for (const lang of ["en", "ar"] as const) {
  test(
    `about the vendor: a sheet from the bottom on a phone, a panel at its button on desktop (${lang})`,
    atEveryWidth(),
    async ({ page }, info) => {
      await page.goto(`/${lang}/riga?page=4&switchLocale=1`);
      await page
        .getByRole("main")
        .getByRole("link", { name: /Pica Fornello/ })
        .first()
        .click();
      const about = page.getByRole("button", { name: lang === "en" ? "About" : "عن المكان" });
      const panel = page.getByRole("dialog", { name: "Pica Fornello" });
      // A tap before the page is live opens the panel as well: it is the browser's own popover.
      await about.click();
      await expect(panel).toBeVisible();
      const [button, box, viewport] = [
        await about.boundingBox(),
        await panel.boundingBox(),
        page.viewportSize(),
      ];
      if (!button || !box || !viewport) throw new Error("nothing to measure");
      if (info.project.name === "phone") {
        expect(Math.round(box.y + box.height)).toBe(viewport.height);
        expect(Math.round(box.width)).toBe(viewport.width);
      } else {
        // Next to its button (under it, or above it when there is no room below), overlapping it
        // sideways whichever the reading direction.
        const below = box.y >= button.y + button.height;
        const above = box.y + box.height <= button.y;
        expect(below || above).toBe(true);
        expect(
          Math.min(Math.abs(box.y - button.y - button.height), Math.abs(button.y - box.y - box.height)),
        ).toBeLessThan(20);
        expect(box.x < button.x + button.width && box.x + box.width > button.x).toBe(true);
      }
      await screenshot(page, `about-vendor-${info.project.name}-${lang}`);
      await panel.getByRole("button", { name: lang === "en" ? "Got it" : "حسنًا" }).click();
      await expect(panel).toBeHidden();
    },
  );
}

test("pictures within a screen below the visible part load before the visitor scrolls to them", async ({
  page,
}) => {
  await page.goto("/en/riga?page=4");
  const pictures = page.getByRole("main").locator("img[loading]");
  await expect(pictures.nth(30)).toBeAttached();
  // Once the page is live, the pictures within one screen below the viewport are asked for at
  // once; those further down wait for the browser's own lazy loading.
  await expect
    .poll(() =>
      pictures.evaluateAll((images) => {
        const screen = window.innerHeight;
        const near = images.filter((i) => {
          const top = i.getBoundingClientRect().top;
          return top > screen && top < screen * 1.9;
        });
        const far = images.filter((i) => i.getBoundingClientRect().top > screen * 2.2);
        return {
          nearEager: near.length > 0 && near.every((i) => i.getAttribute("loading") === "eager"),
          farLazy: far.length > 0 && far.every((i) => i.getAttribute("loading") === "lazy"),
        };
      }),
    )
    .toEqual({ nearEager: true, farLazy: true });
});
