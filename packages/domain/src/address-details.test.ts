import { describe, expect, it } from "vitest";
import { courierDetailsOf, hasCourierDetails } from "./address-details.ts";

describe("courierDetailsOf", () => {
  it.each([
    [{}, { apartmentNumber: null, entrance: null, floor: null, intercom: null, comment: null }],
    [
      { apartmentNumber: " 12 ", entrance: "", floor: "4", intercom: null, comment: "Blue door" },
      { apartmentNumber: "12", entrance: null, floor: "4", intercom: null, comment: "Blue door" },
    ],
    [
      { apartmentNumber: undefined, entrance: "  ", floor: undefined, intercom: "12K", comment: undefined },
      { apartmentNumber: null, entrance: null, floor: null, intercom: "12K", comment: null },
    ],
  ])("keeps what was typed of %j", (source, expected) => {
    expect(courierDetailsOf(source)).toEqual(expected);
  });

  it("leaves its input as it was", () => {
    const source = { apartmentNumber: " 7 " };
    courierDetailsOf(source);
    expect(source).toEqual({ apartmentNumber: " 7 " });
  });
});

describe("hasCourierDetails", () => {
  it("is true when any detail is there, false for none", () => {
    expect(hasCourierDetails(courierDetailsOf({}))).toBe(false);
    expect(hasCourierDetails(courierDetailsOf({ comment: "Gate code 1234" }))).toBe(true);
  });
});
