import { wholeMinorUnits } from "./money.ts";

/** The longest preorder period a city may offer, in days. */
export const MAX_PREORDER_DAYS = 14;
/** How many ready-made tip amounts the cart offers at most. */
export const MAX_TIP_VALUES = 5;

/** A city's ordering settings as its managers type them: amounts in major units of its currency. */
export interface CitySettingsDraft {
  currencyCode: string;
  minOrderPrice: number;
  delivery: { includedKm: number; perKm: number; step: number };
  freeDeliveryFrom: number | null;
  maxCashOrder: number | null;
  tips: { enabled: boolean; max: number; step: number; values: number[] };
}

/** The same settings as the locality keeps them: amounts in minor units, tips in major units. */
export interface CitySettingsAmounts {
  minOrderPriceMinor: number;
  deliveryPricing: { includedKm: number; perKmMinor: number; stepMinor: number };
  freeDeliveryFromMinor: number | null;
  maxCashOrderMinor: number | null;
  tipSettings: { enabled: boolean; tipMax: number; tipStep: number; tipValues: number[] };
}

export type CitySettingsRefusal =
  | "UNKNOWN_CURRENCY"
  | "NOT_WHOLE_MINOR_UNITS"
  | "ZERO_STEP"
  | "TIP_OVER_MAX"
  | "TIP_OFF_STEP"
  | "TIPS_REPEATED";

export type CitySettingsResult =
  | { ok: true; amounts: CitySettingsAmounts }
  | { ok: false; field: string; refusal: CitySettingsRefusal };

/** Whether the runtime knows the currency by its ISO 4217 code (and so can show its amounts). */
export function knownCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.("currency");
  return known ? known.includes(code) : true;
}

/**
 * A city's ordering settings checked and turned into what the locality keeps: a known currency, every
 * amount zero or more in whole minor units of it, steps above zero, and the tips offered each within
 * the maximum, on the step and not twice (the cart would refuse a tip that is not).
 */
export function checkCitySettings(draft: CitySettingsDraft): CitySettingsResult {
  const currency = draft.currencyCode;
  if (!knownCurrency(currency)) return { ok: false, field: "currencyCode", refusal: "UNKNOWN_CURRENCY" };
  const refusal = (field: string, why: CitySettingsRefusal) => ({ ok: false, field, refusal: why }) as const;
  const minor = (major: number) => wholeMinorUnits(major, currency);

  const minOrderPriceMinor = minor(draft.minOrderPrice);
  if (minOrderPriceMinor === null) return refusal("minOrderPrice", "NOT_WHOLE_MINOR_UNITS");
  const perKmMinor = minor(draft.delivery.perKm);
  if (perKmMinor === null) return refusal("delivery.perKm", "NOT_WHOLE_MINOR_UNITS");
  const stepMinor = minor(draft.delivery.step);
  if (stepMinor === null) return refusal("delivery.step", "NOT_WHOLE_MINOR_UNITS");
  if (stepMinor === 0) return refusal("delivery.step", "ZERO_STEP");
  const optional = (value: number | null) => (value === null ? null : minor(value));
  const freeDeliveryFromMinor = optional(draft.freeDeliveryFrom);
  if (draft.freeDeliveryFrom !== null && freeDeliveryFromMinor === null)
    return refusal("freeDeliveryFrom", "NOT_WHOLE_MINOR_UNITS");
  const maxCashOrderMinor = optional(draft.maxCashOrder);
  if (draft.maxCashOrder !== null && maxCashOrderMinor === null)
    return refusal("maxCashOrder", "NOT_WHOLE_MINOR_UNITS");

  const { tips } = draft;
  const tipStepMinor = minor(tips.step);
  if (tipStepMinor === null) return refusal("tips.step", "NOT_WHOLE_MINOR_UNITS");
  if (tipStepMinor === 0) return refusal("tips.step", "ZERO_STEP");
  const tipMaxMinor = minor(tips.max);
  if (tipMaxMinor === null) return refusal("tips.max", "NOT_WHOLE_MINOR_UNITS");
  const seen = new Set<number>();
  for (const [index, value] of tips.values.entries()) {
    const field = `tips.values.${index}`;
    const valueMinor = minor(value);
    if (valueMinor === null) return refusal(field, "NOT_WHOLE_MINOR_UNITS");
    if (valueMinor > tipMaxMinor) return refusal(field, "TIP_OVER_MAX");
    if (valueMinor % tipStepMinor !== 0) return refusal(field, "TIP_OFF_STEP");
    if (seen.has(valueMinor)) return refusal(field, "TIPS_REPEATED");
    seen.add(valueMinor);
  }

  return {
    ok: true,
    amounts: {
      minOrderPriceMinor,
      deliveryPricing: { includedKm: draft.delivery.includedKm, perKmMinor, stepMinor },
      freeDeliveryFromMinor,
      maxCashOrderMinor,
      tipSettings: {
        enabled: tips.enabled,
        tipMax: tips.max,
        tipStep: tips.step,
        tipValues: [...tips.values].sort((a, b) => a - b),
      },
    },
  };
}
