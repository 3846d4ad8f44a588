import { numberFormat } from "./number-formats.ts";

/**
 * Money is kept as integer minor units; JSON carries decimal major units rounded to the currency's
 * minor unit. ISO 4217 digits are listed here because Intl reports cash digits for some currencies
 * (it gives IQD 0 digits where the standard has 3).
 */
const MINOR_DIGITS: Record<string, number> = {
  IQD: 3,
  KWD: 3,
  BHD: 3,
  JOD: 3,
  OMR: 3,
  TND: 3,
  LYD: 3,
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
};

export function minorDigits(currencyCode: string): number {
  return MINOR_DIGITS[currencyCode.toUpperCase()] ?? 2;
}

export function toMinorUnits(major: number, currencyCode: string): number {
  return Math.round(major * 10 ** minorDigits(currencyCode));
}

/** An amount of zero or more in whole minor units of the currency (1.5 €: 150), else null (1.505 €). */
export function wholeMinorUnits(major: number, currencyCode: string): number | null {
  const minor = major * 10 ** minorDigits(currencyCode);
  const whole = Math.round(minor);
  return whole >= 0 && Math.abs(minor - whole) < 1e-6 ? whole : null;
}

export function toMajorUnits(minor: number, currencyCode: string): number {
  const digits = minorDigits(currencyCode);
  return Number((minor / 10 ** digits).toFixed(digits));
}

/** Rounds an amount in minor units to the nearest multiple of `step` (also minor units), half up. */
export function roundToStep(minor: number, step: number): number {
  if (step <= 1) return Math.round(minor);
  return Math.round(minor / step) * step;
}

/** The symbol a customer of that locale reads for a currency ("€", "₴", "د.ع."). */
export function currencySymbol(currencyCode: string, locale: string): string {
  const part = numberFormat(locale, { style: "currency", currency: currencyCode })
    .formatToParts(0)
    .find((p) => p.type === "currency");
  return part?.value ?? currencyCode;
}

/*
 * Amounts stay below 2^43 but a rate in basis points can push amount × rate past 2^53, where a double
 * loses units; the products and divisions are therefore done in BigInt. Arguments are non-negative
 * integers, so BigInt's truncating division is a floor.
 */

/** amount × numerator / denominator rounded down. */
export function mulDivFloor(amount: number, numerator: number, denominator: number): number {
  return Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator));
}

/** amount × numerator / denominator rounded up, exactly. */
export function mulDivCeil(amount: number, numerator: number, denominator: number): number {
  const d = BigInt(denominator);
  return Number((BigInt(amount) * BigInt(numerator) + d - 1n) / d);
}

/** amount × numerator / denominator rounded to the nearest integer, halves up. */
export function mulDivRoundHalfUp(amount: number, numerator: number, denominator: number): number {
  const d = BigInt(denominator);
  return Number((2n * BigInt(amount) * BigInt(numerator) + d) / (2n * d));
}
