import { minorDigits } from "./money.ts";

/** Why an operator's new product prices are refused. */
export type ProductPriceRefusal = "NOT_WHOLE_MINOR_UNITS" | "DISCOUNT_NOT_BELOW_PRICE";

export interface ProductPriceChange {
  /** The product's stored prices, in minor units. */
  current: { price: number; discountPrice: number | null };
  /** What the operator sends, in major units; discountPrice null ends the discount. */
  change: { price?: number | undefined; discountPrice?: number | null | undefined };
  currencyCode: string;
}

export type ProductPrices =
  | { ok: true; price: number; discountPrice: number | null }
  | { ok: false; field: "price" | "discountPrice"; refusal: ProductPriceRefusal };

/** An amount in major units as whole minor units, or null when it has a fraction of one (1.005 EUR). */
function wholeMinorUnits(major: number, currencyCode: string): number | null {
  const minor = major * 10 ** minorDigits(currencyCode);
  const whole = Math.round(minor);
  // Decimal fractions are not exact in binary: 0.29 EUR is 28.999999999999996 cents.
  return whole > 0 && Math.abs(minor - whole) < 1e-6 ? whole : null;
}

/**
 * A product's prices after an operator's change, in minor units: each amount a positive whole number
 * of the currency's minor units, and a discount, if any, below the full price.
 */
export function changeProductPrices({ current, change, currencyCode }: ProductPriceChange): ProductPrices {
  const price = change.price === undefined ? current.price : wholeMinorUnits(change.price, currencyCode);
  if (price === null) return { ok: false, field: "price", refusal: "NOT_WHOLE_MINOR_UNITS" };
  const discountPrice =
    change.discountPrice === undefined
      ? current.discountPrice
      : change.discountPrice === null
        ? null
        : wholeMinorUnits(change.discountPrice, currencyCode);
  if (discountPrice === null && change.discountPrice !== undefined && change.discountPrice !== null) {
    return { ok: false, field: "discountPrice", refusal: "NOT_WHOLE_MINOR_UNITS" };
  }
  if (discountPrice !== null && discountPrice >= price) {
    // The field the operator touched is the one to correct.
    const field = change.discountPrice === undefined ? "price" : "discountPrice";
    return { ok: false, field, refusal: "DISCOUNT_NOT_BELOW_PRICE" };
  }
  return { ok: true, price, discountPrice };
}
