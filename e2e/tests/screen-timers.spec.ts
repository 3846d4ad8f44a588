import type { Page } from "@playwright/test";
import { signInQuickly } from "./api-orders.ts";
import { expect, pageIsLive, test } from "./fixtures.ts";

/**
 * Section 9's timers, on the page's own clock (Playwright's, held still and moved by hand): the
 * layout follows a resize 250 ms after it stops, and tag managers hear of a signed-in customer 3 s
 * after the page knows them.
 */

/** Opens a vendor page with the page's clock held still (timers wait until the test moves it). */
async function openVendorWithHeldClock(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto("/en/riga?page=4&switchLocale=1");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Pica Fornello/ })
    .first()
    .click();
  return page.getByRole("button", { name: "Minimum order" });
}

/**
 * The minimum order's hint is a tooltip on desktop (the button is described by it) and a popup on
 * phones. Turning to a phone's width, and waiting past the debounce, shows the page is live.
 */
async function waitUntilLiveAtPhoneWidth(page: Page, hint: ReturnType<Page["getByRole"]>) {
  await expect(hint).toHaveAccessibleDescription(/Orders from/);
  await page.setViewportSize({ width: 400, height: 800 });
  // The wait moves no time on the page's clock: a page slow to render under load is given three
  // seconds, so the loop stops in the first 300 ms step after the page is live, not one step later.
  await expect(async () => {
    await page.clock.runFor(300);
    await expect(hint).toHaveAccessibleDescription("", { timeout: 3000 });
  }).toPass();
}

test("the layout follows a resize 250 ms after the window stops changing, not before", async ({ page }) => {
  const hint = await openVendorWithHeldClock(page);
  await waitUntilLiveAtPhoneWidth(page, hint);

  // The page's clock moves only once the page has heard of the resize (its own listener first, so
  // the layout's 250 ms are counted from then): a busy browser may deliver the event late.
  await page.evaluate(() => {
    const page = window as unknown as { heardResize: Promise<void> };
    page.heardResize = new Promise((resolve) =>
      window.addEventListener("resize", () => resolve(), { once: true }),
    );
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => (window as unknown as { heardResize: Promise<void> }).heardResize);
  await page.clock.runFor(240);
  await expect(hint).toHaveAccessibleDescription("");
  await page.clock.runFor(20);
  await expect(hint).toHaveAccessibleDescription(/Orders from/);
});

test("the data layer hears of the signed-in customer 3 s after the page knows them", async ({
  page,
}, info) => {
  await signInQuickly(page, info.project.name === "phone" ? 95 : 96);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto("/en/riga");
  // The page knows the customer once it is live (the root's effect and the data layer's run in the
  // same commit), with the clock still held: the 3 s count from the clock's first move.
  await pageIsLive(page);
  const userSet = () =>
    page.evaluate(
      () =>
        ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter(
          (entry) => entry.event === "userSet",
        ).length,
    );
  await page.clock.runFor(2_900);
  expect(await userSet()).toBe(0);
  await page.clock.runFor(200);
  await expect.poll(userSet).toBe(1);
});
