import { describe, expect, it } from "vitest";
import { dropProduct, dropSection, stepProduct, stepSection } from "./menu-arrangement.ts";

const menu = [
  { id: 1, productIds: [10, 11, 12] },
  { id: 2, productIds: [] },
  { id: 3, productIds: [30, 31] },
];
const shape = (arrangement: typeof menu | null) =>
  arrangement?.map((section) => `${section.id}:${section.productIds.join(",")}`).join(" ") ?? null;

describe("dropProduct", () => {
  it.each([
    [10, { sectionId: 1, beforeProductId: 12 }, "1:11,10,12 2: 3:30,31"],
    [12, { sectionId: 1, beforeProductId: 10 }, "1:12,10,11 2: 3:30,31"],
    [11, { sectionId: 2, beforeProductId: null }, "1:10,12 2:11 3:30,31"],
    [31, { sectionId: 1, beforeProductId: 11 }, "1:10,31,11,12 2: 3:30"],
    [10, { sectionId: 1, beforeProductId: 10 }, "1:10,11,12 2: 3:30,31"],
    [10, { sectionId: 1, beforeProductId: null }, "1:11,12,10 2: 3:30,31"],
  ])("product %i dropped at %o", (productId, drop, expected) => {
    expect(shape(dropProduct(menu, productId, drop))).toBe(expected);
  });
});

describe("stepProduct", () => {
  it.each([
    [11, -1, "1:11,10,12 2: 3:30,31"],
    [11, 1, "1:10,12,11 2: 3:30,31"],
    [12, 1, "1:10,11 2:12 3:30,31"],
    [30, -1, "1:10,11,12 2:30 3:31"],
    [10, -1, null],
    [31, 1, null],
  ] as const)("product %i stepped %i", (productId, step, expected) => {
    expect(shape(stepProduct(menu, productId, step))).toBe(expected);
  });
});

describe("sections", () => {
  it("move before another, to the bottom, and a step at a time", () => {
    expect(shape(dropSection(menu, 3, 1))).toBe("3:30,31 1:10,11,12 2:");
    expect(shape(dropSection(menu, 1, null))).toBe("2: 3:30,31 1:10,11,12");
    expect(shape(stepSection(menu, 2, -1))).toBe("2: 1:10,11,12 3:30,31");
    expect(shape(stepSection(menu, 2, 1))).toBe("1:10,11,12 3:30,31 2:");
    expect(stepSection(menu, 1, -1)).toBeNull();
    expect(stepSection(menu, 3, 1)).toBeNull();
  });
});
