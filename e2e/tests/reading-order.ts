import { expect, type Locator } from "@playwright/test";

/**
 * A phone number inside Arabic, right-to-left text reads as it is written: "+371 28 700 001", not
 * "001 700 28 371+". The element that holds it is isolated left to right, and the browser draws
 * its first character left of its last.
 */
export async function expectLeftToRight(holder: Locator, text: string) {
  await expect(holder).toHaveText(text);
  const drawn = await holder.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const texts: Text[] = [];
    while (walker.nextNode()) texts.push(walker.currentNode as Text);
    const first = texts[0] as Text;
    const last = texts.at(-1) as Text;
    const left = (node: Text, offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect().left;
    };
    const style = getComputedStyle(element);
    return {
      direction: style.direction,
      unicodeBidi: style.unicodeBidi,
      firstLeftOfLast: left(first, 0) < left(last, last.length - 1),
    };
  });
  expect(drawn).toEqual({ direction: "ltr", unicodeBidi: "isolate", firstLeftOfLast: true });
}
