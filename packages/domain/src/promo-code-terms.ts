import { wholeMinorUnits } from "./money.ts";
import type { PromoType } from "./pricing.ts";

/** The largest share a PERCENT code takes off. */
export const PROMO_PERCENT_MAX = 100;

/**
 * A promo code's terms as the console's staff type them: amounts in major units of the locality's
 * currency, a PERCENT code's value in whole percent, a FREE_DELIVERY code's value 0.
 */
export interface PromoCodeTerms {
  type: PromoType;
  value: number;
  minCartTotal: number;
  /** PERCENT only: the most it takes off; null for no cap. */
  maxDiscount: number | null;
  /** ISO instants; null for unbounded. */
  validFrom: string | null;
  validUntil: string | null;
}

/** The terms as stored: amounts in minor units. */
export interface PromoCodeStoredTerms {
  value: number;
  minCartTotalMinor: number;
  maxDiscountMinor: number | null;
}

export type PromoCodeTermsRefusal =
  | "NOT_WHOLE_MINOR_UNITS"
  | "VALUE_REQUIRED"
  | "PERCENT_RANGE"
  | "NO_VALUE_FOR_FREE_DELIVERY"
  | "CAP_ONLY_FOR_PERCENT"
  | "VALIDITY_ORDER";

export type PromoCodeTermsResult =
  | { ok: true; stored: PromoCodeStoredTerms }
  | { ok: false; field: keyof PromoCodeTerms; refusal: PromoCodeTermsRefusal };

/**
 * Checks a promo code's terms and turns them into stored amounts: a FIXED code takes a positive
 * amount in whole minor units off; a PERCENT code a whole percent from 1 to 100, optionally capped;
 * a FREE_DELIVERY code takes the delivery price off and has no value of its own; the minimum order
 * is zero or more in whole minor units; a validity period ends after it starts.
 */
export function checkPromoCodeTerms(terms: PromoCodeTerms, currencyCode: string): PromoCodeTermsResult {
  const refuse = (field: keyof PromoCodeTerms, refusal: PromoCodeTermsRefusal): PromoCodeTermsResult => ({
    ok: false,
    field,
    refusal,
  });
  let value: number;
  switch (terms.type) {
    case "FIXED": {
      const minor = wholeMinorUnits(terms.value, currencyCode);
      if (minor === null) return refuse("value", "NOT_WHOLE_MINOR_UNITS");
      if (minor === 0) return refuse("value", "VALUE_REQUIRED");
      value = minor;
      break;
    }
    case "PERCENT":
      if (!Number.isInteger(terms.value) || terms.value < 1 || terms.value > PROMO_PERCENT_MAX)
        return refuse("value", "PERCENT_RANGE");
      value = terms.value;
      break;
    case "FREE_DELIVERY":
      if (terms.value !== 0) return refuse("value", "NO_VALUE_FOR_FREE_DELIVERY");
      value = 0;
      break;
  }
  const minCartTotalMinor = wholeMinorUnits(terms.minCartTotal, currencyCode);
  if (minCartTotalMinor === null) return refuse("minCartTotal", "NOT_WHOLE_MINOR_UNITS");
  let maxDiscountMinor: number | null = null;
  if (terms.maxDiscount !== null) {
    if (terms.type !== "PERCENT") return refuse("maxDiscount", "CAP_ONLY_FOR_PERCENT");
    maxDiscountMinor = wholeMinorUnits(terms.maxDiscount, currencyCode);
    if (maxDiscountMinor === null) return refuse("maxDiscount", "NOT_WHOLE_MINOR_UNITS");
    if (maxDiscountMinor === 0) return refuse("maxDiscount", "VALUE_REQUIRED");
  }
  if (
    terms.validFrom !== null &&
    terms.validUntil !== null &&
    Date.parse(terms.validUntil) <= Date.parse(terms.validFrom)
  )
    return refuse("validUntil", "VALIDITY_ORDER");
  return { ok: true, stored: { value, minCartTotalMinor, maxDiscountMinor } };
}
