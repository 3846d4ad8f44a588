import { describe, expect, it } from "vitest";
import { changeVendorSettings, type VendorSettings } from "./vendor-settings.ts";

const current: VendorSettings = {
  cookingMinutesMin: 20,
  cookingMinutesMax: 30,
  minOrderPriceMinor: 1000,
  deliveryFeeMinor: 190,
  workingHours: [{ day: "MONDAY", from: "10:00", until: "22:00" }],
};

describe("changeVendorSettings", () => {
  it.each([
    [{}, { ...current }],
    [{ minOrderPrice: 12.5 }, { ...current, minOrderPriceMinor: 1250 }],
    [{ deliveryFee: 0 }, { ...current, deliveryFeeMinor: 0 }],
    [{ cookingMinutesMin: 30 }, { ...current, cookingMinutesMin: 30 }],
    [
      { workingHours: [{ day: "FRIDAY", from: "18:00", until: "04:00" }] },
      { ...current, workingHours: [{ day: "FRIDAY", from: "18:00", until: "04:00" }] },
    ],
    [{ workingHours: [] }, { ...current, workingHours: [] }],
  ] as const)("applies %o", (change, expected) => {
    expect(changeVendorSettings({ current, change: change as never, currencyCode: "EUR" })).toEqual({
      ok: true,
      settings: expected,
    });
  });

  it.each([
    [{ minOrderPrice: 12.345 }, "EUR", "minOrderPrice", "NOT_WHOLE_MINOR_UNITS"],
    [{ deliveryFee: -1 }, "EUR", "deliveryFee", "NOT_WHOLE_MINOR_UNITS"],
    [{ deliveryFee: 0.0005 }, "IQD", "deliveryFee", "NOT_WHOLE_MINOR_UNITS"],
    [{ cookingMinutesMin: 40 }, "EUR", "cookingMinutesMin", "COOKING_RANGE"],
    [{ cookingMinutesMax: 10 }, "EUR", "cookingMinutesMax", "COOKING_RANGE"],
    [
      { workingHours: [{ day: "MONDAY", from: "09:00", until: "09:00" }] },
      "EUR",
      "workingHours",
      "EMPTY_SPAN",
    ],
  ] as const)("refuses %o in %s: %s %s", (change, currencyCode, field, refusal) => {
    expect(changeVendorSettings({ current, change: change as never, currencyCode })).toEqual({
      ok: false,
      field,
      refusal,
    });
  });

  it("never changes the settings it was given", () => {
    const before = structuredClone(current);
    changeVendorSettings({ current, change: { minOrderPrice: 3, workingHours: [] }, currencyCode: "EUR" });
    expect(current).toEqual(before);
  });
});
