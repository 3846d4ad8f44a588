import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  type Locale,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  PHONE_CODES_PER_ADDRESS_PER_HOUR,
  type SignInCodeWait,
  signInCodeWait,
} from "@storefront/domain";
import { listLocalities } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { withLocks } from "../db/locks.ts";
import { AppError } from "../errors.ts";
import type { MessageSender } from "./messages.ts";
import { countryOfPhone } from "./phone.ts";
import {
  deletePhoneCode,
  findLatestPhoneCodeId,
  findPhoneCodeById,
  insertPhoneCode,
  listAddressCodeTimesSince,
  listPhoneCodesSince,
  markPhoneCodeUsed,
  takePhoneCodeAttempt,
} from "./phone-codes-repository.ts";
import { signInCodeLocale, signInCodeText } from "./sign-in-code-text.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function hashCode(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

/** The answer to a code asked for too soon: the spec's resend wait is a 400, every other limit a 429. */
function waitError(wait: Exclude<SignInCodeWait, { kind: "send" }>): AppError {
  const seconds = wait.retryAfterSeconds;
  const retry = { retryAfterSeconds: seconds };
  const onPhone = { details: [{ field: "phone", message: `retry in ${seconds} s` }], ...retry };
  switch (wait.kind) {
    case "resend":
      return new AppError(
        400,
        "PhoneConfirmationTimeLimitException",
        `A new code can be sent in ${seconds} s`,
        onPhone,
      );
    case "lockout":
      return new AppError(
        429,
        "TooManyRequestsException",
        `Too many wrong codes for this number. A new code can be sent in ${seconds} s.`,
        onPhone,
      );
    case "phoneHourly":
    case "phoneDaily":
      return new AppError(
        429,
        "TooManyRequestsException",
        `Too many codes asked for this number. Please try again in ${seconds} s.`,
        onPhone,
      );
    case "address":
      return new AppError(
        429,
        "TooManyRequestsException",
        "Too many codes asked for. Please wait and try again later.",
        retry,
      );
  }
}

/**
 * Sends a new sign-in code by SMS, unless the phone or the network address must wait (see
 * `signInCodeWait`). The phone's and the address's history are read and the new code written while
 * holding a lock on both, so parallel requests cannot slip past a limit together.
 */
export async function sendPhoneCode(
  db: Database,
  sender: MessageSender,
  request: {
    partnerId: number;
    /** Whom the code signs in: a customer (the default) or a courier. */
    audience?: "CUSTOMER" | "COURIER";
    /**
     * False keeps the code without sending it: a courier's sign-in asked for a phone no courier
     * has answers and waits as any other, so that nobody learns which phones are couriers'.
     */
    deliver?: boolean;
    platformName: string;
    /** The partner's default city, whose language an SMS falls back to. */
    defaultLocalityCode: string | null;
    /** The customer's interface language (Accept-Language), null when the client names none. */
    preferredLocale: Locale | null;
    phone: string;
    ip: string;
    now: Date;
    /** Digits of the code. */
    codeLength: number;
    /** Codes one address may ask for in an hour; the domain's default unless configured. */
    perAddressLimit?: number;
  },
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number; codeLength: number }> {
  const { partnerId, phone, ip, now, codeLength } = request;
  const coded = { partnerId, phone, audience: request.audience ?? "CUSTOMER" } as const;
  const code = String(randomInt(0, 10 ** codeLength)).padStart(codeLength, "0");
  const salt = randomBytes(16).toString("hex");
  const codeId = await withLocks(
    db,
    [
      ["phone", `${partnerId}:${coded.audience}:${phone}`],
      ["address", ip],
    ],
    async (tx) => {
      const phoneCodes = await listPhoneCodesSince(tx, coded, new Date(now.getTime() - DAY_MS));
      const addressCodes = await listAddressCodeTimesSince(tx, ip, new Date(now.getTime() - HOUR_MS));
      const wait = signInCodeWait({
        now,
        phoneCodes: phoneCodes.map((c) => ({ sentAt: c.sentAt, attempts: c.attempts, signedIn: !!c.usedAt })),
        addressCodes,
        perAddressLimit: request.perAddressLimit ?? PHONE_CODES_PER_ADDRESS_PER_HOUR,
      });
      if (wait.kind !== "send") throw waitError(wait);
      return insertPhoneCode(tx, {
        ...coded,
        codeHash: hashCode(salt, code),
        salt,
        requestIp: ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
      });
    },
  );
  const answer = {
    resendAfterSeconds: PHONE_CODE_RESEND_SECONDS,
    expiresInSeconds: PHONE_CODE_TTL_SECONDS,
    codeLength,
  };
  if (request.deliver === false) return answer;
  const locale = signInCodeLocale({
    preferred: request.preferredLocale,
    phoneCountry: countryOfPhone(phone),
    localities: request.preferredLocale ? [] : await listLocalities(db, partnerId),
    defaultLocalityCode: request.defaultLocalityCode,
  });
  try {
    await sender.send({
      partnerId,
      channel: "SMS",
      to: `+${phone}`,
      text: signInCodeText(locale, code, request.platformName),
      code,
    });
  } catch (error) {
    // The customer is told to try again in a minute (503): the code that did not go out must not
    // make them wait for the resend, nor count against their number's or address's limits.
    await deletePhoneCode(db, codeId);
    throw error;
  }
  return answer;
}

/** Why the latest code of a phone cannot take another guess. */
async function refusal(db: Database, id: number, now: Date): Promise<AppError> {
  const confirmation = await findPhoneCodeById(db, id);
  if (!confirmation || confirmation.usedAt) return codeNotFound("no code was sent to this number");
  if (confirmation.expiresAt <= now) {
    return new AppError(
      400,
      "PhoneConfirmationExpiredException",
      "The code has expired. Ask for a new one.",
      {
        details: [{ field: "token", message: "expired" }],
      },
    );
  }
  return new AppError(400, "PhoneConfirmationAttemptsException", "Attempts used up. Ask for a new code.", {
    details: [{ field: "token", message: "attempts used up" }],
  });
}

function codeNotFound(reason: string): AppError {
  return new AppError(400, "PhoneConfirmationNotFoundException", "Ask for a code first", {
    details: [{ field: "phone", message: reason }],
  });
}

/**
 * Checks a code against the latest one sent to the phone and uses it up. Each guess first takes one
 * of the code's attempts in a single conditional UPDATE, so however many guesses arrive at once, no
 * more than the allowed number are ever compared. Of two requests racing with the right code, one wins.
 */
export async function confirmPhoneCode(
  db: Database,
  request: {
    partnerId: number;
    phone: string;
    code: string;
    now: Date;
    /** Whom the code signs in: a customer (the default) or a courier. */
    audience?: "CUSTOMER" | "COURIER";
  },
): Promise<void> {
  const { partnerId, phone, code, now } = request;
  const latest = await findLatestPhoneCodeId(db, {
    partnerId,
    phone,
    audience: request.audience ?? "CUSTOMER",
  });
  if (latest === null) throw codeNotFound("no code was sent to this number");
  const guess = await takePhoneCodeAttempt(db, latest, { now, maxAttempts: PHONE_CODE_MAX_ATTEMPTS });
  if (!guess) throw await refusal(db, latest, now);
  const expected = Buffer.from(guess.codeHash, "hex");
  const given = Buffer.from(hashCode(guess.salt, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    const left = PHONE_CODE_MAX_ATTEMPTS - guess.attempts;
    throw new AppError(400, "InvalidConfirmationCodeException", "Invalid code", {
      details: [
        { field: "token", message: left > 0 ? `invalid code, ${left} attempts left` : "attempts used up" },
      ],
    });
  }
  if (!(await markPhoneCodeUsed(db, latest, now))) throw codeNotFound("the code was already used");
}
