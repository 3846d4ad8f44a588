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
