import type { Locator, Page, TestInfo } from "@playwright/test";
import { cartInBrowser, signInQuickly } from "./api-orders.ts";
import { atEveryWidth, expect, test } from "./fixtures.ts";
import { screenshot } from "./screenshots.ts";
import { type Lang, say } from "./words.ts";

/**
 * The checkout's popups (foundations §2, ordering-flow §2: payment methods, personal promo codes and
 * the preorder time): a sheet along the bottom of a phone, with its title and a close button, and on
 * desktop a dropdown hanging from the control that opened it, in English and right to left in Arabic.
 */

/** A signed-in customer at checkout with a cart of an open restaurant. */
async function atCheckout(page: Page, lang: Lang, info: TestInfo) {
  await signInQuickly(page, info.project.name === "phone" ? 97 : 98);
  await cartInBrowser(page, info.project.use.baseURL as string);
  await page.goto(`/${lang}/cart`);
  await expect(page.getByRole("heading", { name: say(lang, "checkout.title") })).toBeVisible();
  await expect(page).toHaveTitle(`Dostavka — ${say(lang, "title.cart")}`);
  // The checkout is this page: the cart beside it has no button to go to it. The page keeps the
  // customer on task: a header, no footer, no bottom bar.
  await expect(page.getByRole("button", { name: say(lang, "cart.checkout") })).toHaveCount(0);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: say(lang, "nav.bottom") })).toHaveCount(0);
}

/** The popup is a bottom sheet on a phone, and a dropdown at its control on desktop. */
async function expectPopupForm(page: Page, lang: Lang, info: TestInfo, popup: Locator, control: Locator) {
  const viewport = page.viewportSize();
  const box = await popup.boundingBox();
  const at = await control.boundingBox();
  if (!viewport || !box || !at) throw new Error("not laid out");
  const close = popup.getByRole("button", { name: say(lang, "common.close") });
  if (info.project.name === "phone") {
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(viewport.width);
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    await expect(close).toBeVisible();
    return;
  }
  await expect(close).toBeHidden();
  expect(box.width).toBeLessThan(viewport.width / 2);
  // Below its control, or above it where the window has no room below (8 px apart either way).
  const below = Math.abs(box.y - (at.y + at.height + 8)) < 2;
  const above = Math.abs(box.y + box.height + 8 - at.y) < 2;
  expect(
    below || above,
    `popup at ${box.y}–${box.y + box.height}, control at ${at.y}–${at.y + at.height}`,
  ).toBe(true);
  // Aligned with the control's start: its left edge, or its right edge right to left.
  if (lang === "ar") expect(Math.abs(box.x + box.width - (at.x + at.width))).toBeLessThan(2);
  else expect(Math.abs(box.x - at.x)).toBeLessThan(2);
}

async function picture(page: Page, info: TestInfo, name: string, lang: Lang) {
  await screenshot(page, `popup-${name}-${info.project.name}-${lang}`);
}

for (const lang of ["en", "ar"] as const) {
  test(
    `the checkout's popups are sheets on a phone and hang from their controls on desktop (${lang})`,
    atEveryWidth(),
    async ({ page }, info) => {
      await atCheckout(page, lang, info);

      // Riga's service fee, under its default name, and the taxes already in the prices: one line that
      // opens to each tax with its rate, and closes again.
      await expect(
        page
          .getByRole("term")
          .filter({ hasText: say(lang, "cart.serviceFee") })
          .first(),
      ).toBeVisible();
      // Its description: a tooltip on desktop, a popup on a phone.
      const feeHint = page.getByRole("button", { name: say(lang, "cart.serviceFee"), exact: true }).first();
      if (info.project.name === "desktop") {
        await feeHint.hover();
        await expect(page.getByRole("tooltip").filter({ visible: true })).toHaveCount(1);
      } else {
        await feeHint.click();
        const about = page.getByRole("dialog", { name: say(lang, "cart.serviceFee") });
        await about.getByRole("button", { name: say(lang, "common.understood") }).click();
        await expect(about).toBeHidden();
      }
      const taxes = page.getByRole("button", { name: say(lang, "cart.taxes.included") }).first();
      const pvn = page.getByRole("term").filter({ hasText: /PVN/ }).first();
      await expect(taxes).toHaveAttribute("aria-expanded", "false");
      await expect(pvn).toBeHidden();
      await taxes.click();
      await expect(taxes).toHaveAttribute("aria-expanded", "true");
      await expect(pvn).toBeVisible();
      await taxes.click();
      await expect(pvn).toBeHidden();

      // Payment methods: the chosen one on its button; the choice closes the popup and shows on it.
      const payment = say(lang, "checkout.payment");
      const paymentButton = page.getByRole("button", { name: new RegExp(`^${payment} `) });
      const methods = page.getByRole("dialog", { name: payment });
      await paymentButton.click();
      await expect(methods.getByRole("radio", { name: say(lang, "checkout.cash") })).toBeVisible();
      await expectPopupForm(page, lang, info, methods, paymentButton);
      await picture(page, info, "payment-methods", lang);
      await page.keyboard.press("Escape");
      await expect(methods).toBeHidden();

      // Personal promo codes: read as the popup opens.
      const mine = say(lang, "checkout.promo.mine");
      const mineButton = page.getByRole("button", { name: mine });
      const codes = page.getByRole("dialog", { name: mine });
      await mineButton.click();
      await expect(codes.getByText("SAVE10")).toBeVisible();
      await expectPopupForm(page, lang, info, codes, mineButton);
      await picture(page, info, "promo-codes", lang);
      await page.keyboard.press("Escape");
      await expect(codes).toBeHidden();

      // The preorder time: the slots of the days ahead, hanging from the choice that asked for them.
      const later = page.getByRole("radio", { name: say(lang, "checkout.schedule") });
      const times = page.getByRole("dialog", { name: say(lang, "checkout.chooseTime") });
      // The page is live: the other popups have answered.
      await later.click();
      await expect(times.getByRole("tab").first()).toBeVisible();
      const slot = times.getByRole("listitem").first().getByRole("button");
      await expect(slot).toBeVisible();
      await expectPopupForm(page, lang, info, times, page.locator("label").filter({ has: later }));
      await picture(page, info, "preorder-time", lang);
      const time = (await slot.textContent()) ?? "";
      await slot.click();
      await expect(times).toBeHidden();
      await expect(page.getByRole("radio", { name: new RegExp(time) })).toBeChecked();

      // The choice of payment made in the popup is the cart's: the method not chosen yet is picked.
      await paymentButton.click();
      const cash = say(lang, "checkout.cash");
      const online = say(lang, "checkout.online");
      const other = (await methods.getByRole("radio", { name: cash }).isChecked()) ? online : cash;
      // The radio follows the cart: it shows the choice once the server has taken it.
      await methods.getByRole("radio", { name: other }).click();
      await expect(methods).toBeHidden();
      await expect(page.getByRole("button", { name: `${payment} ${other}` })).toBeVisible();
      await page.reload();
      await expect(page.getByRole("button", { name: `${payment} ${other}` })).toBeVisible();
    },
  );
}
