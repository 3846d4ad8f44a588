import { expect, type Locator, type Page } from "@playwright/test";

/** Presses a key until the target has the focus, as a keyboard user tabs through a page. */
export async function pressUntilFocused(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

/** The element wears a focus ring (WCAG 2.4.7): an outline of at least 2 px. */
export async function expectFocusRing(element: Locator) {
  const outline = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
}
