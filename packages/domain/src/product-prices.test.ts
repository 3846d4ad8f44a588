import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toMajorUnits } from "./money.ts";
import { changeProductPrices, type ProductPriceChange } from "./product-prices.ts";

const EUR_PRODUCT = { price: 1250, discountPrice: null };
const DISCOUNTED = { price: 1250, discountPrice: 990 };

describe("changeProductPrices", () => {
  it.each<[string, ProductPriceChange, ReturnType<typeof changeProductPrices>]>([
    [
      "a new price",
      { current: EUR_PRODUCT, change: { price: 13.4 }, currencyCode: "EUR" },
      { ok: true, price: 1340, discountPrice: null },
    ],
    [
      "a price that binary floats cannot hold exactly",
      { current: EUR_PRODUCT, change: { price: 0.29 }, currencyCode: "EUR" },
      { ok: true, price: 29, discountPrice: null },
    ],
    [
      "a discount starting",
      { current: EUR_PRODUCT, change: { discountPrice: 9.9 }, currencyCode: "EUR" },
      { ok: true, price: 1250, discountPrice: 990 },
    ],
    [
      "a discount ending",
      { current: DISCOUNTED, change: { discountPrice: null }, currencyCode: "EUR" },
      { ok: true, price: 1250, discountPrice: null },
    ],
    [
      "nothing about prices (stock only)",
      { current: DISCOUNTED, change: {}, currencyCode: "EUR" },
      { ok: true, price: 1250, discountPrice: 990 },
    ],
    [
      "dinars to three decimals",
      {
        current: { price: 12_000_000, discountPrice: null },
        change: { price: 11_750.5 },
        currencyCode: "IQD",
      },
      { ok: true, price: 11_750_500, discountPrice: null },
    ],
    [
      "a fraction of a cent",
      { current: EUR_PRODUCT, change: { price: 12.345 }, currencyCode: "EUR" },
      { ok: false, field: "price", refusal: "NOT_WHOLE_MINOR_UNITS" },
    ],
    [
      "a price too small to be a cent",
      { current: EUR_PRODUCT, change: { price: 0.001 }, currencyCode: "EUR" },
      { ok: false, field: "price", refusal: "NOT_WHOLE_MINOR_UNITS" },
    ],
    [
      "a discount of a fraction of a cent",
      { current: EUR_PRODUCT, change: { discountPrice: 9.999 }, currencyCode: "EUR" },
      { ok: false, field: "discountPrice", refusal: "NOT_WHOLE_MINOR_UNITS" },
    ],
    [
      "a discount not below the price",
      { current: EUR_PRODUCT, change: { discountPrice: 12.5 }, currencyCode: "EUR" },
      { ok: false, field: "discountPrice", refusal: "DISCOUNT_NOT_BELOW_PRICE" },
    ],
    [
      "a price lowered under the running discount",
      { current: DISCOUNTED, change: { price: 9 }, currencyCode: "EUR" },
      { ok: false, field: "price", refusal: "DISCOUNT_NOT_BELOW_PRICE" },
    ],
  ])("%s", (_name, input, expected) => {
    expect(changeProductPrices(input)).toEqual(expected);
  });

  it("never leaves a discount at or above the price, nor a price below a cent", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.option(fc.integer({ min: 1, max: 1_000_000 })),
        fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: undefined }),
        fc.option(fc.option(fc.integer({ min: 1, max: 1_000_000 })), { nil: undefined }),
        (price, discountPrice, newPrice, newDiscount) => {
          const current = {
            price,
            discountPrice: discountPrice !== null && discountPrice < price ? discountPrice : null,
          };
          const change = {
            price: newPrice === undefined ? undefined : toMajorUnits(newPrice, "EUR"),
            discountPrice:
              newDiscount === undefined
                ? undefined
                : newDiscount === null
                  ? null
                  : toMajorUnits(newDiscount, "EUR"),
          };
          const result = changeProductPrices({ current, change, currencyCode: "EUR" });
          if (!result.ok) return;
          expect(result.price).toBeGreaterThanOrEqual(1);
          if (result.discountPrice !== null) expect(result.discountPrice).toBeLessThan(result.price);
          // Whole cents sent are kept exactly.
          if (newPrice !== undefined) expect(result.price).toBe(newPrice);
        },
      ),
    );
  });
});
