import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, promoCodes, promoCodeUses } from "../db/schema.ts";

export type { PartnerSettings } from "../db/schema.ts";
export type NewPromoCodeRow = typeof promoCodes.$inferInsert;

/** Whether some locality of the partner runs the referral programme (its params say so). */
export async function anyLocalityRunsReferrals(db: Database, partnerId: number): Promise<boolean> {
  const running = await db
    .select({ id: localities.id })
    .from(localities)
    .where(
      and(
        eq(localities.partnerId, partnerId),
        sql`(${localities.params} -> 'referral' ->> 'enabled')::boolean`,
      ),
    )
    .limit(1);
  return running.length > 0;
}

/** The referral code a customer gives friends, or null while they have none. */
export async function findReferralCodeOfUser(db: Database, userId: number): Promise<string | null> {
  const [existing] = await db
    .select({ code: promoCodes.code })
    .from(promoCodes)
    .where(eq(promoCodes.referrerUserId, userId))
    .limit(1);
  return existing?.code ?? null;
}

/** Stores a promo code; nothing when its code is taken, or its referrer or bonus order has one already. */
export async function insertPromoCodeUnlessTaken(db: Database, values: NewPromoCodeRow): Promise<void> {
  await db.insert(promoCodes).values(values).onConflictDoNothing();
}

/** Who referred the customer of an order made with a referral code, or null for any other order. */
export async function findReferrerOfOrder(db: Database, orderId: number): Promise<number | null> {
  const [used] = await db
    .select({ referrerUserId: promoCodes.referrerUserId })
    .from(promoCodeUses)
    .innerJoin(promoCodes, eq(promoCodes.id, promoCodeUses.promoCodeId))
    .where(and(eq(promoCodeUses.orderId, orderId), isNotNull(promoCodes.referrerUserId)))
    .limit(1);
  return used?.referrerUserId ?? null;
}
