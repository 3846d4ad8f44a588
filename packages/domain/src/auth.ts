/** Sign-in by a code sent to the phone (section 9: the resend wait is 60 seconds). */
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_TTL_SECONDS = 5 * 60;
/** Digits of a sign-in code: 6 in production; demo mode keeps 4, quicker to type while trying it out. */
export const PHONE_CODE_LENGTH_PRODUCTION = 6;
export const PHONE_CODE_LENGTH_DEMO = 4;
/** Wrong codes allowed for one sent code before it is used up. */
export const PHONE_CODE_MAX_ATTEMPTS = 5;
/** Codes one phone number may ask for in an hour and in a day, and one network address in an hour. */
export const PHONE_CODES_PER_PHONE_PER_HOUR = 5;
export const PHONE_CODES_PER_PHONE_PER_DAY = 10;
export const PHONE_CODES_PER_ADDRESS_PER_HOUR = 20;
/**
 * The wait before a new code once wrong guesses used up one code's worth of attempts (1st, 2nd,
 * 3rd and later time since the phone last signed in within a day), counted from the last code sent.
 */
export const PHONE_CODE_LOCKOUT_SECONDS = [5 * 60, 30 * 60, 2 * 60 * 60] as const;

/** A session ends after this long unused, and this long after sign-in whatever happens. */
export const SESSION_IDLE_DAYS = 30;
export const SESSION_MAX_DAYS = 180;
/** A session's last use is written at most this often, not on every request. */
export const SESSION_TOUCH_MINUTES = 60;

/** The oldest external customer token accepted; each is accepted once. */
export const EXTERNAL_TOKEN_MAX_AGE_SECONDS = 5 * 60;

/** Invoices one customer may have e-mailed in an hour. */
export const INVOICE_EMAILS_PER_CUSTOMER_PER_HOUR = 10;
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

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A code sent to the phone within the last day: when, how many guesses it took, whether it signed in. */
export interface SentCode {
  sentAt: Date;
  attempts: number;
  signedIn: boolean;
}

export type SignInCodeWait =
  | { kind: "send" }
  /** The spec's resend wait (400 PhoneConfirmationTimeLimitException). */
  | { kind: "resend"; retryAfterSeconds: number }
  /** Wrong guesses, the hourly or daily cap, or the address's cap (429). */
  | { kind: "lockout" | "phoneHourly" | "phoneDaily" | "address"; retryAfterSeconds: number };

const secondsUntil = (until: number, now: Date) => Math.max(1, Math.ceil((until - now.getTime()) / 1000));

/**
 * Whether a new sign-in code may be sent now, or how long to wait: the resend wait after any code,
 * a lockout that grows with each code's worth of wrong guesses since the phone last signed in, a cap
 * per phone per hour and per day, and a cap per network address per hour.
 */
export function signInCodeWait(input: {
  now: Date;
  /** The phone's codes of the last 24 hours, in any order. */
  phoneCodes: readonly SentCode[];
  /** When the codes of the last hour asked from this network address were sent. */
  addressCodes: readonly Date[];
  perAddressLimit: number;
}): SignInCodeWait {
  const { now } = input;
  const codes = [...input.phoneCodes]
    .filter((c) => now.getTime() - c.sentAt.getTime() < DAY_MS)
    .sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime());
  const latest = codes[0];
  if (latest) {
    const resendAt = latest.sentAt.getTime() + PHONE_CODE_RESEND_SECONDS * 1000;
    if (resendAt > now.getTime()) return { kind: "resend", retryAfterSeconds: secondsUntil(resendAt, now) };
    const sinceSignIn = codes.findIndex((c) => c.signedIn);
    const unsuccessful = sinceSignIn === -1 ? codes : codes.slice(0, sinceSignIn);
    const wrong = unsuccessful.reduce((sum, c) => sum + c.attempts, 0);
    const level = Math.floor(wrong / PHONE_CODE_MAX_ATTEMPTS);
    if (level > 0) {
      const wait = PHONE_CODE_LOCKOUT_SECONDS[Math.min(level, PHONE_CODE_LOCKOUT_SECONDS.length) - 1] ?? 0;
      const until = latest.sentAt.getTime() + wait * 1000;
      if (until > now.getTime()) return { kind: "lockout", retryAfterSeconds: secondsUntil(until, now) };
    }
  }
  const lastHour = codes.filter((c) => now.getTime() - c.sentAt.getTime() < HOUR_MS);
  if (lastHour.length >= PHONE_CODES_PER_PHONE_PER_HOUR) {
    const oldest = lastHour[PHONE_CODES_PER_PHONE_PER_HOUR - 1] ?? lastHour[lastHour.length - 1];
    return {
      kind: "phoneHourly",
      retryAfterSeconds: secondsUntil((oldest?.sentAt.getTime() ?? 0) + HOUR_MS, now),
    };
  }
  if (codes.length >= PHONE_CODES_PER_PHONE_PER_DAY) {
    const oldest = codes[PHONE_CODES_PER_PHONE_PER_DAY - 1] ?? codes[codes.length - 1];
    return {
      kind: "phoneDaily",
      retryAfterSeconds: secondsUntil((oldest?.sentAt.getTime() ?? 0) + DAY_MS, now),
    };
  }
  const fromAddress = input.addressCodes
    .filter((at) => now.getTime() - at.getTime() < HOUR_MS)
    .sort((a, b) => b.getTime() - a.getTime());
  if (fromAddress.length >= input.perAddressLimit) {
    const oldest = fromAddress[input.perAddressLimit - 1] ?? fromAddress[fromAddress.length - 1];
    return { kind: "address", retryAfterSeconds: secondsUntil((oldest?.getTime() ?? 0) + HOUR_MS, now) };
  }
  return { kind: "send" };
}
