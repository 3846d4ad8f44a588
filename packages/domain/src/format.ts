import { minorDigits } from "./money.ts";
import { numberFormat } from "./number-formats.ts";

function formatCurrency(amount: number, currencyCode: string, locale: string, digits: number): string {
  return numberFormat(locale, {
    style: "currency",
    currency: currencyCode,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

/**
 * Money as the reader writes it. IQD shows no decimals for whole amounts and its three otherwise;
 * other currencies keep their usual digits.
 */
export function formatMoney(amount: number, currencyCode: string, locale: string): string {
  const digits = currencyCode === "IQD" ? (Number.isInteger(amount) ? 0 : 3) : minorDigits(currencyCode);
  return formatCurrency(amount, currencyCode, locale, digits);
}

/** A delivery cost drops trailing zero decimals: "€2" rather than "€2.00", but "€2.50" stays. */
export function formatDeliveryCost(amount: number, currencyCode: string, locale: string): string {
  const digits = Number.isInteger(amount) ? 0 : minorDigits(currencyCode);
  return formatCurrency(amount, currencyCode, locale, digits);
}

/** Quantity badge: exact under 1000, "1K+" to "9K+" up to 9999, then "9K+". */
export function formatQuantityBadge(count: number): string {
  if (count < 1000) return String(count);
  if (count <= 9999) return `${Math.floor(count / 1000)}K+`;
  return "9K+";
}

/** Links from configuration are followed only when they are web addresses. */
export function isWebUrl(value: string | null | undefined): value is string {
  return typeof value === "string" && /^https?:\/\//i.test(value);
}

/** A rating with one decimal, in the reader's digits and separator ("4,5" in Latvian). */
export function formatRating(rating: number, locale: string): string {
  return formatNumber(rating, locale, 1);
}

/** A number with a fixed count of decimals, in the reader's digits and separators. */
export function formatNumber(value: number, locale: string, fractionDigits = 0): string {
  return numberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** The plural form of a count of addresses, promo codes or cards. */
export type CountForm = "one" | "few" | "many";

/**
 * Section 9's Slavic-style plural of a count: 11 to 20 take "many"; otherwise a last digit of 1
 * takes "one", of 2 to 4 "few", and any other "many". Each language words the three forms.
 */
export function countForm(count: number): CountForm {
  const n = Math.abs(Math.trunc(count));
  if (n % 100 >= 11 && n % 100 <= 20) return "many";
  const last = n % 10;
  if (last === 1) return "one";
  if (last >= 2 && last <= 4) return "few";
  return "many";
}

/** What the API says of a saved card whose last digits are unknown (the spec's 'broken card'); clients show it translated. */
export const BROKEN_CARD = "broken card";
