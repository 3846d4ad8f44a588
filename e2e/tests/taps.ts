import { expect, type Locator } from "@playwright/test";

/**
 * Taps a control until what it opens shows, as a customer taps again when nothing happened: a tap
 * before the page is live does nothing. What shows may cover the control (a modal, an alert), so
 * once it is there the control is not tapped again, however late it came.
 */
export async function tapUntilShown(control: Locator, shown: Locator) {
  await expect(async () => {
    if (!(await shown.isVisible())) await control.click({ timeout: 2000 });
    await expect(shown).toBeVisible({ timeout: 2000 });
  }).toPass();
}
