/**
 * A picture of a screen for docs/screenshots, taken only when SCREENSHOTS is set (`npm run
 * screenshots -w @storefront/e2e`): a picture asserts nothing, costs the browser a render, and a run
 * that took them all would rewrite the committed files. The test's steps run the same either way.
 */
export async function screenshot(
  page: { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> },
  name: string,
  options: { fullPage?: boolean } = {},
) {
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: `../docs/screenshots/${name}.png`, ...options });
}
