import { describe, expect, it } from "vitest";
import { instructionsForOrder, NO_INSTRUCTIONS } from "./delivery-instructions.ts";

const chosen = { contactless: true, callOnArrival: true, substitution: "REFUND" } as const;

describe("instructionsForOrder", () => {
  it.each([
    [
      "a delivery with groceries keeps every choice",
      chosen,
      { receiptType: "DELIVERY", hasGroceries: true },
      { contactless: true, callOnArrival: true, substitution: "REFUND" },
    ],
    [
      "a takeaway has no door to leave it at, nor a courier to call",
      chosen,
      { receiptType: "TAKEAWAY", hasGroceries: true },
      { contactless: false, callOnArrival: false, substitution: "REFUND" },
    ],
    [
      "an order without groceries has nothing to substitute",
      chosen,
      { receiptType: "DELIVERY", hasGroceries: false },
      { contactless: true, callOnArrival: true, substitution: null },
    ],
    [
      "groceries with no choice are replaced by similar ones",
      NO_INSTRUCTIONS,
      { receiptType: "DELIVERY", hasGroceries: true },
      { contactless: false, callOnArrival: false, substitution: "SIMILAR" },
    ],
  ] as const)("%s", (_, instructions, order, expected) => {
    expect(instructionsForOrder(instructions, order)).toEqual(expected);
  });
});
