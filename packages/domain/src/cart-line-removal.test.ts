import { describe, expect, it } from "vitest";
import { type CartLineIdType, chooseLinesToRemove, type LinesToRemove } from "./cart-line-removal.ts";

/** Lines 101 and 102 are product 7 with two sets of options; line 7 is product 55; line 103 is product 101. */
const LINES = [
  { id: 101, productId: 7 },
  { id: 102, productId: 7 },
  { id: 7, productId: 55 },
  { id: 103, productId: 101 },
  { id: 104, productId: 104 },
];

describe("chooseLinesToRemove", () => {
  it.each<[string, number, CartLineIdType | undefined, LinesToRemove]>([
    ["a product id takes every line of the product", 55, undefined, { kind: "LINES", lineIds: [7] }],
    ["a product with two lines loses both", 7, "PRODUCT", { kind: "LINES", lineIds: [101, 102] }],
    ["a cart product id takes its line", 102, undefined, { kind: "LINES", lineIds: [102] }],
    ["a line whose id is its own product's is that line", 104, undefined, { kind: "LINES", lineIds: [104] }],
    ["an id that is a line and another line's product is not guessed", 101, undefined, { kind: "AMBIGUOUS" }],
    ["so is one that is a product of several lines and a line", 7, undefined, { kind: "AMBIGUOUS" }],
    ["idType CART_PRODUCT settles it", 101, "CART_PRODUCT", { kind: "LINES", lineIds: [101] }],
    ["idType PRODUCT settles it", 101, "PRODUCT", { kind: "LINES", lineIds: [103] }],
    ["an id of nothing in the vendor cart", 999, undefined, { kind: "NONE" }],
    ["a product id asked as a line", 55, "CART_PRODUCT", { kind: "NONE" }],
    ["a line asked as a product", 102, "PRODUCT", { kind: "NONE" }],
  ])("%s", (_, id, idType, expected) => {
    expect(chooseLinesToRemove(LINES, id, idType)).toEqual(expected);
  });

  it("leaves the lines it is given as they were", () => {
    const lines = LINES.map((line) => ({ ...line }));
    chooseLinesToRemove(lines, 7, "PRODUCT");
    expect(lines).toEqual(LINES);
  });
});
