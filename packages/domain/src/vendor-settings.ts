import { wholeMinorUnits } from "./money.ts";
import { parseTimeOfDay, type WorkingInterval } from "./working-hours.ts";

/** A vendor's settings its staff edit in the console, amounts in minor units. */
export interface VendorSettings {
  cookingMinutesMin: number;
  cookingMinutesMax: number;
  minOrderPriceMinor: number;
  deliveryFeeMinor: number;
  workingHours: WorkingInterval[];
}

/** The change as typed: amounts in major units of the locality's currency; what is left out stays. */
export interface VendorSettingsChange {
  cookingMinutesMin?: number | undefined;
  cookingMinutesMax?: number | undefined;
  minOrderPrice?: number | undefined;
  deliveryFee?: number | undefined;
  workingHours?: WorkingInterval[] | undefined;
}

export type VendorSettingsRefusal = "NOT_WHOLE_MINOR_UNITS" | "COOKING_RANGE" | "EMPTY_SPAN";

export type VendorSettingsResult =
  | { ok: true; settings: VendorSettings }
  | { ok: false; field: keyof VendorSettingsChange; refusal: VendorSettingsRefusal };

/**
 * A vendor's settings after a change: amounts zero or more in whole minor units, cooking time from
 * at most until, every opening span lasting (a span from a time to the same time is none; one that
 * ends at or before it starts runs past midnight).
 */
export function changeVendorSettings(input: {
  current: VendorSettings;
  change: VendorSettingsChange;
  currencyCode: string;
}): VendorSettingsResult {
  const { current, change, currencyCode } = input;
  const amount = (field: "minOrderPrice" | "deliveryFee", fallback: number) => {
    const value = change[field];
    return value === undefined ? fallback : wholeMinorUnits(value, currencyCode);
  };
  const minOrderPriceMinor = amount("minOrderPrice", current.minOrderPriceMinor);
  if (minOrderPriceMinor === null)
    return { ok: false, field: "minOrderPrice", refusal: "NOT_WHOLE_MINOR_UNITS" };
  const deliveryFeeMinor = amount("deliveryFee", current.deliveryFeeMinor);
  if (deliveryFeeMinor === null) return { ok: false, field: "deliveryFee", refusal: "NOT_WHOLE_MINOR_UNITS" };
  const cookingMinutesMin = change.cookingMinutesMin ?? current.cookingMinutesMin;
  const cookingMinutesMax = change.cookingMinutesMax ?? current.cookingMinutesMax;
  if (cookingMinutesMin > cookingMinutesMax)
    return {
      ok: false,
      field: change.cookingMinutesMax === undefined ? "cookingMinutesMin" : "cookingMinutesMax",
      refusal: "COOKING_RANGE",
    };
  const workingHours = change.workingHours ?? current.workingHours;
  if (workingHours.some((span) => parseTimeOfDay(span.from) === parseTimeOfDay(span.until)))
    return { ok: false, field: "workingHours", refusal: "EMPTY_SPAN" };
  return {
    ok: true,
    settings: { cookingMinutesMin, cookingMinutesMax, minOrderPriceMinor, deliveryFeeMinor, workingHours },
  };
}
