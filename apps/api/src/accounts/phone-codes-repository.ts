import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { phoneConfirmations } from "../db/schema.ts";

export type PhoneCodeRow = typeof phoneConfirmations.$inferSelect;
/** A phone of the partner, and whom its codes sign in (customers and couriers have codes apart). */
export type CodedPhone = { partnerId: number; phone: string; audience: PhoneCodeRow["audience"] };

const ofPhone = (phone: CodedPhone) =>
  and(
    eq(phoneConfirmations.partnerId, phone.partnerId),
    eq(phoneConfirmations.phone, phone.phone),
    eq(phoneConfirmations.audience, phone.audience),
  );

/** The codes sent to a phone of the partner since a moment: when, how many guesses, whether used. */
export async function listPhoneCodesSince(
  db: Database,
  phone: CodedPhone,
  since: Date,
): Promise<Array<{ sentAt: Date; attempts: number; usedAt: Date | null }>> {
  return db
    .select({
      sentAt: phoneConfirmations.createdAt,
      attempts: phoneConfirmations.attempts,
      usedAt: phoneConfirmations.usedAt,
    })
    .from(phoneConfirmations)
    .where(and(ofPhone(phone), gt(phoneConfirmations.createdAt, since)));
}

/** When codes were asked for from a network address since a moment, whatever the phone or partner. */
export async function listAddressCodeTimesSince(db: Database, ip: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ sentAt: phoneConfirmations.createdAt })
    .from(phoneConfirmations)
    .where(and(eq(phoneConfirmations.requestIp, ip), gt(phoneConfirmations.createdAt, since)));
  return rows.map((row) => row.sentAt);
}

export async function insertPhoneCode(
  db: Database,
  code: CodedPhone & {
    codeHash: string;
    salt: string;
    requestIp: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(phoneConfirmations).values(code).returning({ id: phoneConfirmations.id });
  return (row as { id: number }).id;
}

/** Forgets a code that never reached the phone: it neither starts the resend wait nor counts. */
export async function deletePhoneCode(db: Database, id: number): Promise<void> {
  await db.delete(phoneConfirmations).where(eq(phoneConfirmations.id, id));
}

export async function findPhoneCodeById(db: Database, id: number): Promise<PhoneCodeRow | null> {
  const [row] = await db.select().from(phoneConfirmations).where(eq(phoneConfirmations.id, id)).limit(1);
  return row ?? null;
}

/** The id of the latest code sent to a phone of the partner, or null. */
export async function findLatestPhoneCodeId(db: Database, phone: CodedPhone): Promise<number | null> {
  const [latest] = await db
    .select({ id: phoneConfirmations.id })
    .from(phoneConfirmations)
    .where(ofPhone(phone))
    .orderBy(desc(phoneConfirmations.createdAt))
    .limit(1);
  return latest?.id ?? null;
}

/**
 * Takes one guess of a code in a single conditional UPDATE: only while it is unused, unexpired and
 * has attempts left. Answers what the guess is compared with, or null when none was left.
 */
export async function takePhoneCodeAttempt(
  db: Database,
  id: number,
  limits: { now: Date; maxAttempts: number },
): Promise<{ codeHash: string; salt: string; attempts: number } | null> {
  const [guess] = await db
    .update(phoneConfirmations)
    .set({ attempts: sql`${phoneConfirmations.attempts} + 1` })
    .where(
      and(
        eq(phoneConfirmations.id, id),
        isNull(phoneConfirmations.usedAt),
        gt(phoneConfirmations.expiresAt, limits.now),
        lt(phoneConfirmations.attempts, limits.maxAttempts),
      ),
    )
    .returning({
      codeHash: phoneConfirmations.codeHash,
      salt: phoneConfirmations.salt,
      attempts: phoneConfirmations.attempts,
    });
  return guess ?? null;
}

/** Uses a code up; false when it was used already (of two racing requests, one wins). */
export async function markPhoneCodeUsed(db: Database, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(phoneConfirmations)
    .set({ usedAt: now })
    .where(and(eq(phoneConfirmations.id, id), isNull(phoneConfirmations.usedAt)))
    .returning({ id: phoneConfirmations.id });
  return used.length > 0;
}
