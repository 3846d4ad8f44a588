import { and, asc, countDistinct, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, promoCodes, promoCodeUses, vendors } from "../db/schema.ts";

export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** The codes the partner's managers run: neither a customer's personal code nor a referral code. */
const partnerWide = (partnerId: number) =>
  and(eq(promoCodes.partnerId, partnerId), isNull(promoCodes.userId), isNull(promoCodes.referrerUserId));

/**
 * The partner's own codes (at most 500), in one locality or all, by locality and code, with their
 * locality's code and currency and the vendor they are limited to.
 */
export async function listPartnerPromoCodes(
  db: Database,
  partnerId: number,
  localityCode: string | undefined,
) {
  return db
    .select({
      promo: promoCodes,
      locality: { code: localities.code, currencyCode: localities.currencyCode },
      vendor: { id: vendors.id, name: vendors.name },
    })
    .from(promoCodes)
    .innerJoin(localities, eq(localities.id, promoCodes.localityId))
    .leftJoin(vendors, eq(vendors.id, promoCodes.vendorId))
    .where(
      and(partnerWide(partnerId), localityCode === undefined ? undefined : eq(localities.code, localityCode)),
    )
    .orderBy(asc(localities.code), asc(promoCodes.code))
    .limit(500);
}

/** How many customers used each of these codes (those never used are left out). */
export async function countCodeCustomers(
  db: Database,
  ids: number[],
): Promise<Array<{ id: number; customers: number }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: promoCodeUses.promoCodeId, customers: countDistinct(promoCodeUses.userId) })
    .from(promoCodeUses)
    .where(inArray(promoCodeUses.promoCodeId, ids))
    .groupBy(promoCodeUses.promoCodeId);
}

export async function insertPromoCode(
  db: Database,
  values: typeof promoCodes.$inferInsert,
): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row as PromoCodeRow;
}

/**
 * One of the partner's own codes with its locality, locked for the rest of the transaction; another
 * partner's, a personal or a referral code is as none (null).
 */
export async function lockPartnerPromoCode(db: Database, partnerId: number, id: number) {
  const [found] = await db
    .select({ promo: promoCodes, locality: localities })
    .from(promoCodes)
    .innerJoin(localities, eq(localities.id, promoCodes.localityId))
    .where(and(eq(promoCodes.id, id), partnerWide(partnerId)))
    .for("update", { of: promoCodes })
    .limit(1);
  return found ?? null;
}

export async function updatePromoCode(
  db: Database,
  id: number,
  change: Partial<typeof promoCodes.$inferInsert>,
): Promise<PromoCodeRow> {
  const [row] = await db.update(promoCodes).set(change).where(eq(promoCodes.id, id)).returning();
  return row as PromoCodeRow;
}
