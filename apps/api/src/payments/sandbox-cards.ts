/**
 * The sandbox gateway's card rules: which numbers it accepts as cards and what each one does.
 * 4242 4242 4242 4242 authorises, 4000 0000 0000 0002 is declined, any other real-looking card is
 * declined too; a number, expiry or security code that cannot be a card's is an error on the page.
 */

export const SANDBOX_CARDS = {
  authorised: "4242424242424242",
  declined: "4000000000000002",
} as const;

export interface CardForm {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}
export type CardField = keyof CardForm;

/** What is wrong with a field; the card page words each one in the customer's language. */
export type CardFieldError =
  | "NUMBER_MISSING"
  | "NUMBER_INVALID"
  | "EXPIRY_MISSING"
  | "EXPIRY_FORMAT"
  | "EXPIRED"
  | "CVC_MISSING"
  | "CVC_3_ON_BACK"
  | "CVC_4_ON_FRONT"
  | "NAME_MISSING";

export type CardCheck =
  | { ok: true; last4: string; brand: string; outcome: "AUTHORIZED" | "FAILED"; failureReason: string | null }
  | { ok: false; errors: Partial<Record<CardField, CardFieldError>> };

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrandOf(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  return "Card";
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(month: number, year: number, now: Date): boolean {
  const firstDayAfter = Date.UTC(2000 + year, month, 1);
  return now.getTime() >= firstDayAfter;
}

function checkNumber(cardNumber: string): CardFieldError | null {
  const digits = digitsOf(cardNumber);
  if (!digits) return "NUMBER_MISSING";
  if (!/^\d{12,19}$/.test(digits) || !isLuhnValid(digits)) return "NUMBER_INVALID";
  return null;
}

function checkExpiry(expiry: string, now: Date): CardFieldError | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(expiry) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(expiry);
  if (!expiry.trim()) return "EXPIRY_MISSING";
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) return "EXPIRY_FORMAT";
  return isExpired(month, Number(match[2]), now) ? "EXPIRED" : null;
}

function checkCvc(cvc: string, brand: string): CardFieldError | null {
  const amex = brand === "American Express";
  if (!cvc.trim()) return "CVC_MISSING";
  if ((amex ? /^\d{4}$/ : /^\d{3}$/).test(cvc.trim())) return null;
  return amex ? "CVC_4_ON_FRONT" : "CVC_3_ON_BACK";
}

/** What the sandbox does with a card the customer typed: field errors, or the outcome. */
export function checkSandboxCard(form: CardForm, now: Date): CardCheck {
  const digits = digitsOf(form.cardNumber);
  const brand = cardBrandOf(digits);
  const errors: Partial<Record<CardField, CardFieldError>> = {};
  const number = checkNumber(form.cardNumber);
  const expiry = checkExpiry(form.expiry, now);
  const cvc = checkCvc(form.cvc, brand);
  if (number) errors.cardNumber = number;
  if (expiry) errors.expiry = expiry;
  if (cvc) errors.cvc = cvc;
  if (!form.name.trim()) errors.name = "NAME_MISSING";
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const authorised = digits === SANDBOX_CARDS.authorised;
  return {
    ok: true,
    last4: digits.slice(-4),
    brand,
    outcome: authorised ? "AUTHORIZED" : "FAILED",
    failureReason: authorised ? null : "The card was declined",
  };
}
