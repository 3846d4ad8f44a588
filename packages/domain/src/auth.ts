/** Sign-in by a code sent to the phone (section 9: the resend wait is 60 seconds). */
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_TTL_SECONDS = 5 * 60;
export const PHONE_CODE_LENGTH = 4;
/** Wrong codes allowed for one sent code before it is used up. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Codes one phone number may ask for in an hour, and one network address. */
export const PHONE_CODES_PER_PHONE_PER_HOUR = 5;
export const PHONE_CODES_PER_ADDRESS_PER_HOUR = 20;
/** A deleted account can be restored by signing in for this long. */
export const ACCOUNT_DELETION_DAYS = 30;

/** The sign-in steps of section 3, in order. */
export const AUTH_STATUSES = [
  "FIRST_ENTRY",
  "EMPTY_LOGIN_INFO",
  "CONFIRM_NUMBER",
  "EMPTY_NAME",
  "EMPTY_ADDRESS",
  "COMPLETE",
] as const;
export type AuthStatus = (typeof AUTH_STATUSES)[number];

/**
 * Where a visitor stands in signing in: nothing yet (first entry), a phone being typed (empty login
 * info), a code sent (confirm number), then a signed-in customer without a name, without an
 * address, or complete.
 */
export function authStatusOf(state: {
  signedIn: boolean;
  name: string | null;
  hasAddress: boolean;
  phoneTyped: boolean;
  codeSent: boolean;
}): AuthStatus {
  if (!state.signedIn) {
    if (state.codeSent) return "CONFIRM_NUMBER";
    return state.phoneTyped ? "EMPTY_LOGIN_INFO" : "FIRST_ENTRY";
  }
  if (!state.name) return "EMPTY_NAME";
  if (!state.hasAddress) return "EMPTY_ADDRESS";
  return "COMPLETE";
}
