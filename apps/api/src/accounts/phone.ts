import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { AppError } from "../errors.ts";

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

/** The country (ISO 3166 alpha-2) of a number kept as digits; null when the plan does not say. */
export function countryOfPhone(digits: string): string | null {
  return parsePhoneNumberFromString(`+${digits}`)?.country ?? null;
}

/** The number as E.164 (what a tel: link dials), else a 400 naming the field it came in. */
export function internationalPhone(input: string, field: string): string {
  const digits = normalizePhone(input);
  if (!digits)
    throw new AppError(
      400,
      "ValidationException",
      `Invalid body: ${field} must be a valid international number`,
      {
        details: [{ field, message: "must be a valid international number" }],
      },
    );
  return `+${digits}`;
}
