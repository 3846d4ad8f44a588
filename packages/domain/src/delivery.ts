/** How a locality prices delivery by distance, in minor units. */
export interface DeliveryPricing {
  /** Distance included in a vendor's base fee. */
  includedKm: number;
  /** Added for every started kilometre past the included distance. */
  perKmMinor: number;
  /** Prices are rounded up to this step. */
  stepMinor: number;
}

export function calculateDeliveryPrice(input: {
  baseFeeMinor: number;
  distanceKm: number | null;
  pricing: DeliveryPricing;
}): number {
  const { baseFeeMinor, distanceKm, pricing } = input;
  const extraKm = distanceKm === null ? 0 : Math.max(0, Math.ceil(distanceKm - pricing.includedKm));
  const raw = baseFeeMinor + extraKm * pricing.perKmMinor;
  if (pricing.stepMinor <= 1) return raw;
  return Math.ceil(raw / pricing.stepMinor) * pricing.stepMinor;
}

/** A courier rides at about 18 km/h through a city, plus a few minutes to hand the order over. */
const COURIER_KMH = 18;
const HANDOVER_MINUTES = 5;
/** With no customer point, a delivery is estimated as a typical ride across the district. */
const TYPICAL_RIDE_KM = 3;

export function estimateDeliveryMinutes(input: {
  cookingMinutes: readonly [number, number];
  distanceKm: number | null;
}): { min: number; max: number } {
  const ride = ((input.distanceKm ?? TYPICAL_RIDE_KM) / COURIER_KMH) * 60 + HANDOVER_MINUTES;
  const roundUpTo5 = (minutes: number) => Math.ceil(minutes / 5) * 5;
  const min = roundUpTo5(input.cookingMinutes[0] + ride);
  const max = Math.max(min, roundUpTo5(input.cookingMinutes[1] + ride * 1.3));
  return { min, max };
}

/** The spec's text for a range: one number when both ends match, "min–max" otherwise. */
export function formatMinutesRange(min: number, max: number): string {
  return min === max ? String(min) : `${min}–${max}`;
}

/** Delivery minutes rounding: over 0 up to 30, over 30 up to the next full hour. */
export function roundDeliveryMinutes(minutes: number): number {
  if (minutes <= 0) return 0;
  if (minutes <= 30) return 30;
  return Math.ceil(minutes / 60) * 60;
}
