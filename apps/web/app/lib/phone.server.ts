import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * "+371 20 000 000" for display; the API keeps digits. Formatted on the server, so the account
 * pages do not ship the phone library (25 kB gzip) to show one number; the sign-in modal, which
 * formats as the customer types, loads it with itself.
 */
export function displayPhone(digits: string): string {
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}
