import { describe, expect, it } from "vitest";
import { checkDeliveryPoint } from "./delivery-point.ts";

describe("checkDeliveryPoint", () => {
  it.each([
    [{ coveringLocalities: [], cartLocality: null, cartHasVendors: false }, "INVALID_LOCATION"],
    [{ coveringLocalities: [], cartLocality: "riga", cartHasVendors: true }, "INVALID_LOCATION"],
    [{ coveringLocalities: ["riga"], cartLocality: null, cartHasVendors: false }, "OK"],
    [{ coveringLocalities: ["riga"], cartLocality: "riga", cartHasVendors: true }, "OK"],
    [
      { coveringLocalities: ["jurmala"], cartLocality: "riga", cartHasVendors: true },
      "INVALID_VENDOR_LOCATION",
    ],
    // An empty cart of another locality is simply started again there.
    [{ coveringLocalities: ["jurmala"], cartLocality: "riga", cartHasVendors: false }, "OK"],
    // Overlapping zones: the cart's own locality among them is enough.
    [{ coveringLocalities: ["jurmala", "riga"], cartLocality: "riga", cartHasVendors: true }, "OK"],
  ] as const)("%j → %s", (input, expected) => {
    expect(checkDeliveryPoint(input)).toBe(expected);
  });
});
