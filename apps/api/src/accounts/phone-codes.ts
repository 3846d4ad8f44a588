import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_ATTEMPTS,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_SECONDS,
  PHONE_CODES_PER_ADDRESS_PER_HOUR,
  PHONE_CODES_PER_PHONE_PER_HOUR,
} from "@storefront/domain";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { phoneConfirmations } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { MessageSender } from "./messages.ts";

const HOUR_MS = 60 * 60 * 1000;

function hashCode(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

/**
 * Sends a new sign-in code by SMS. One phone may ask again only after the resend wait (400
 * PhoneConfirmationTimeLimitException), and a phone or a network address asking too often within
 * an hour gets 429.
 */
export async function sendPhoneCode(
  db: Database,
  sender: MessageSender,
  request: {
    partnerId: number;
    platformName: string;
    phone: string;
    ip: string;
    now: Date;
    /** Codes one address may ask for in an hour; the domain's default unless configured. */
    perAddressLimit?: number;
  },
): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
  const { partnerId, phone, ip, now } = request;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [latest] = await db
    .select({ createdAt: phoneConfirmations.createdAt })
    .from(phoneConfirmations)
    .where(and(eq(phoneConfirmations.partnerId, partnerId), eq(phoneConfirmations.phone, phone)))
    .orderBy(desc(phoneConfirmations.createdAt))
    .limit(1);
  if (latest) {
    const waited = (now.getTime() - latest.createdAt.getTime()) / 1000;
    if (waited < PHONE_CODE_RESEND_SECONDS) {
      const retryAfter = Math.ceil(PHONE_CODE_RESEND_SECONDS - waited);
      throw new AppError(
        400,
        "PhoneConfirmationTimeLimitException",
        `A new code can be sent in ${retryAfter} s`,
        {
          details: [{ field: "phone", message: `retry in ${retryAfter} s` }],
        },
      );
    }
  }
  const [perPhone, perAddress] = await Promise.all([
    db
      .select({ n: count() })
      .from(phoneConfirmations)
      .where(
        and(
          eq(phoneConfirmations.partnerId, partnerId),
          eq(phoneConfirmations.phone, phone),
          gt(phoneConfirmations.createdAt, hourAgo),
        ),
      ),
    db
      .select({ n: count() })
      .from(phoneConfirmations)
      .where(and(eq(phoneConfirmations.requestIp, ip), gt(phoneConfirmations.createdAt, hourAgo))),
  ]);
  if (
    (perPhone[0]?.n ?? 0) >= PHONE_CODES_PER_PHONE_PER_HOUR ||
    (perAddress[0]?.n ?? 0) >= (request.perAddressLimit ?? PHONE_CODES_PER_ADDRESS_PER_HOUR)
  ) {
    throw new AppError(
      429,
      "TooManyRequestsException",
      "Too many codes asked for. Please wait and try again later.",
    );
  }

  const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, "0");
  const salt = randomBytes(16).toString("hex");
  await db.insert(phoneConfirmations).values({
    partnerId,
    phone,
    codeHash: hashCode(salt, code),
    salt,
    requestIp: ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_SECONDS * 1000),
  });
  await sender.send({
    partnerId,
    channel: "SMS",
    to: `+${phone}`,
    text: `${code} is your ${request.platformName} code. Do not share it with anyone.`,
    code,
  });
  return { resendAfterSeconds: PHONE_CODE_RESEND_SECONDS, expiresInSeconds: PHONE_CODE_TTL_SECONDS };
}

/**
 * Checks a code against the latest one sent to the phone and uses it up. Wrong codes count; after
 * the allowed attempts the code is used up. Of two requests racing with the right code, one wins.
 */
export async function confirmPhoneCode(
  db: Database,
  request: { partnerId: number; phone: string; code: string; now: Date },
): Promise<void> {
  const { partnerId, phone, code, now } = request;
  const [confirmation] = await db
    .select()
    .from(phoneConfirmations)
    .where(and(eq(phoneConfirmations.partnerId, partnerId), eq(phoneConfirmations.phone, phone)))
    .orderBy(desc(phoneConfirmations.createdAt))
    .limit(1);
  if (!confirmation || confirmation.usedAt) {
    throw new AppError(400, "PhoneConfirmationNotFoundException", "Ask for a code first", {
      details: [{ field: "phone", message: "no code was sent to this number" }],
    });
  }
  if (confirmation.expiresAt <= now) {
    throw new AppError(400, "PhoneConfirmationExpiredException", "The code has expired. Ask for a new one.", {
      details: [{ field: "token", message: "expired" }],
    });
  }
  if (confirmation.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
    throw new AppError(400, "PhoneConfirmationAttemptsException", "Attempts used up. Ask for a new code.", {
      details: [{ field: "token", message: "attempts used up" }],
    });
  }
  const expected = Buffer.from(confirmation.codeHash, "hex");
  const given = Buffer.from(hashCode(confirmation.salt, code), "hex");
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(phoneConfirmations)
      .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
      .where(eq(phoneConfirmations.id, confirmation.id));
    const left = PHONE_CODE_MAX_ATTEMPTS - confirmation.attempts - 1;
    throw new AppError(400, "InvalidConfirmationCodeException", "Invalid code", {
      details: [
        { field: "token", message: left > 0 ? `invalid code, ${left} attempts left` : "attempts used up" },
      ],
    });
  }
  const used = await db
    .update(phoneConfirmations)
    .set({ usedAt: now })
    .where(and(eq(phoneConfirmations.id, confirmation.id), isNull(phoneConfirmations.usedAt)))
    .returning({ id: phoneConfirmations.id });
  if (used.length === 0) {
    throw new AppError(400, "PhoneConfirmationNotFoundException", "Ask for a code first", {
      details: [{ field: "phone", message: "the code was already used" }],
    });
  }
}
