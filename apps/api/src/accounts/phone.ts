import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/**
 * A phone number as the API keeps it: digits with the country code, no plus ("37120000000").
 * Null when the number is not a valid one for its country.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()+\-.]/g, "");
  if (!/^\d{8,15}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed?.isValid() ? parsed.number.slice(1) : null;
}
