import { describe, expect, it } from "vitest";
import { type CitySettingsDraft, checkCitySettings, knownCurrency } from "./city-settings.ts";

const draft: CitySettingsDraft = {
  currencyCode: "EUR",
  minOrderPrice: 10,
  delivery: { includedKm: 2, perKm: 0.5, step: 0.1 },
  freeDeliveryFrom: 40,
  maxCashOrder: null,
  tips: { enabled: true, max: 20, step: 0.5, values: [5, 1, 2.5] },
};

describe("checkCitySettings", () => {
  it("keeps amounts in minor units and the tips in major units, smallest first", () => {
    expect(checkCitySettings(draft)).toEqual({
      ok: true,
      amounts: {
        minOrderPriceMinor: 1000,
        deliveryPricing: { includedKm: 2, perKmMinor: 50, stepMinor: 10 },
        freeDeliveryFromMinor: 4000,
        maxCashOrderMinor: null,
        tipSettings: { enabled: true, tipMax: 20, tipStep: 0.5, tipValues: [1, 2.5, 5] },
      },
    });
  });

  it("reads amounts in the new currency's own minor units", () => {
    const result = checkCitySettings({
      ...draft,
      currencyCode: "IQD",
      minOrderPrice: 1.5,
      tips: { ...draft.tips, step: 0.5 },
    });
    expect(result).toMatchObject({ ok: true, amounts: { minOrderPriceMinor: 1500 } });
    expect(checkCitySettings({ ...draft, currencyCode: "JPY" })).toEqual({
      ok: false,
      field: "delivery.perKm",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    });
  });

  it.each([
    [{ currencyCode: "EURO" }, "currencyCode", "UNKNOWN_CURRENCY"],
    [{ currencyCode: "XYZ" }, "currencyCode", "UNKNOWN_CURRENCY"],
    [{ minOrderPrice: 10.005 }, "minOrderPrice", "NOT_WHOLE_MINOR_UNITS"],
    [{ delivery: { includedKm: 2, perKm: 0.5, step: 0 } }, "delivery.step", "ZERO_STEP"],
    [{ freeDeliveryFrom: 0.001 }, "freeDeliveryFrom", "NOT_WHOLE_MINOR_UNITS"],
    [{ maxCashOrder: 99.999 }, "maxCashOrder", "NOT_WHOLE_MINOR_UNITS"],
    [{ tips: { enabled: true, max: 20, step: 0, values: [] } }, "tips.step", "ZERO_STEP"],
    [{ tips: { enabled: true, max: 4, step: 0.5, values: [1, 5] } }, "tips.values.1", "TIP_OVER_MAX"],
    [{ tips: { enabled: true, max: 20, step: 0.5, values: [1.25] } }, "tips.values.0", "TIP_OFF_STEP"],
    [{ tips: { enabled: true, max: 20, step: 1, values: [2, 2] } }, "tips.values.1", "TIPS_REPEATED"],
  ] as const)("refuses %o naming %s", (change, field, refusal) => {
    expect(checkCitySettings({ ...draft, ...change } as CitySettingsDraft)).toEqual({
      ok: false,
      field,
      refusal,
    });
  });
});

describe("knownCurrency", () => {
  it.each([
    ["EUR", true],
    ["UAH", true],
    ["IQD", true],
    ["eur", false],
    ["ZZZ", false],
  ])("%s: %s", (code, known) => {
    expect(knownCurrency(code)).toBe(known);
  });
});
