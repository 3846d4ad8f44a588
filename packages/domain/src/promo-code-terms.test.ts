import { describe, expect, it } from "vitest";
import { checkPromoCodeTerms, type PromoCodeTerms } from "./promo-code-terms.ts";

const terms = (fields: Partial<PromoCodeTerms>): PromoCodeTerms => ({
  type: "FIXED",
  value: 5,
  minCartTotal: 0,
  maxDiscount: null,
  validFrom: null,
  validUntil: null,
  ...fields,
});

describe("checkPromoCodeTerms", () => {
  it.each([
    { name: "5 € off from 15 €", input: terms({ minCartTotal: 15 }), stored: [500, 1500, null] },
    {
      name: "a fixed amount in a currency without cents",
      input: terms({ value: 5000 }),
      currency: "JPY",
      stored: [5000, 0, null],
    },
    {
      name: "10% off up to 7.50 €",
      input: terms({ type: "PERCENT", value: 10, maxDiscount: 7.5 }),
      stored: [10, 0, 750],
    },
    { name: "the whole order off", input: terms({ type: "PERCENT", value: 100 }), stored: [100, 0, null] },
    { name: "free delivery", input: terms({ type: "FREE_DELIVERY", value: 0 }), stored: [0, 0, null] },
    {
      name: "a week's validity",
      input: terms({ validFrom: "2026-12-01T00:00:00Z", validUntil: "2026-12-08T00:00:00Z" }),
      stored: [500, 0, null],
    },
  ])("accepts $name", ({ input, currency, stored }) => {
    const [value, minCartTotalMinor, maxDiscountMinor] = stored;
    expect(checkPromoCodeTerms(input, currency ?? "EUR")).toEqual({
      ok: true,
      stored: { value, minCartTotalMinor, maxDiscountMinor },
    });
  });

  it.each([
    {
      name: "a fraction of a cent",
      input: terms({ value: 5.005 }),
      field: "value",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "a negative amount",
      input: terms({ value: -5 }),
      field: "value",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    { name: "nothing off", input: terms({ value: 0 }), field: "value", refusal: "VALUE_REQUIRED" },
    {
      name: "no percent",
      input: terms({ type: "PERCENT", value: 0 }),
      field: "value",
      refusal: "PERCENT_RANGE",
    },
    {
      name: "over 100%",
      input: terms({ type: "PERCENT", value: 101 }),
      field: "value",
      refusal: "PERCENT_RANGE",
    },
    {
      name: "a fraction of a percent",
      input: terms({ type: "PERCENT", value: 12.5 }),
      field: "value",
      refusal: "PERCENT_RANGE",
    },
    {
      name: "an amount on free delivery",
      input: terms({ type: "FREE_DELIVERY", value: 3 }),
      field: "value",
      refusal: "NO_VALUE_FOR_FREE_DELIVERY",
    },
    {
      name: "a cap on a fixed amount",
      input: terms({ maxDiscount: 3 }),
      field: "maxDiscount",
      refusal: "CAP_ONLY_FOR_PERCENT",
    },
    {
      name: "a cap of nothing",
      input: terms({ type: "PERCENT", value: 10, maxDiscount: 0 }),
      field: "maxDiscount",
      refusal: "VALUE_REQUIRED",
    },
    {
      name: "a minimum order in a fraction of a cent",
      input: terms({ minCartTotal: 10.001 }),
      field: "minCartTotal",
      refusal: "NOT_WHOLE_MINOR_UNITS",
    },
    {
      name: "an end before the start",
      input: terms({ validFrom: "2026-12-08T00:00:00Z", validUntil: "2026-12-01T00:00:00Z" }),
      field: "validUntil",
      refusal: "VALIDITY_ORDER",
    },
    {
      name: "an end at the start",
      input: terms({ validFrom: "2026-12-08T00:00:00Z", validUntil: "2026-12-08T02:00:00+02:00" }),
      field: "validUntil",
      refusal: "VALIDITY_ORDER",
    },
  ])("refuses $name", ({ input, field, refusal }) => {
    expect(checkPromoCodeTerms(input, "EUR")).toEqual({ ok: false, field, refusal });
  });
});
