import { UNDELIVERED_ORDER_STATUSES } from "@storefront/domain";
import { and, asc, count, eq, gt, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, orders, promoCodes, promoCodeUses } from "../db/schema.ts";

export type PromoCodeRow = typeof promoCodes.$inferSelect;
type LocalityRow = typeof localities.$inferSelect;

export async function findPromoCodeById(db: Database, promoCodeId: number): Promise<PromoCodeRow | null> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  return row ?? null;
}

/**
 * The partner's code of that text (upper case) that a cart of this locality and customer may use:
 * the partner's, the locality's, or the customer's own personal one.
 */
export async function findPromoCodeByText(
  db: Database,
  input: { partnerId: number; code: string; localityId: number; userId: number | null },
): Promise<PromoCodeRow | null> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.partnerId, input.partnerId),
        eq(promoCodes.code, input.code),
        or(isNull(promoCodes.localityId), eq(promoCodes.localityId, input.localityId)),
        or(
          isNull(promoCodes.userId),
          input.userId === null ? sql`false` : eq(promoCodes.userId, input.userId),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The orders this customer placed with the code that still count. */
export async function countUsesByCustomer(
  db: Database,
  promoCodeId: number,
  userId: number,
): Promise<number> {
  const [used] = await db
    .select({ count: count() })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), eq(promoCodeUses.userId, userId)));
  return used?.count ?? 0;
}

/** Whether the customer has an order that was not declined or cancelled. */
export async function customerHasOrdered(db: Database, userId: number): Promise<boolean> {
  const ordered = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNDELIVERED_ORDER_STATUSES])))
    .limit(1);
  return ordered.length > 0;
}

/**
 * The codes a customer can still use now, with their locality, in a locality when one is named:
 * their personal codes first, then the partner's public ones, neither expired nor used up, in all or
 * by them; referral codes are left out. At most 100.
 */
export async function listUsablePromoCodes(
  db: Database,
  input: { partnerId: number; userId: number; localityCode: string | null; now: Date },
): Promise<Array<{ promo: PromoCodeRow; locality: LocalityRow | null }>> {
  return db
    .select({ promo: promoCodes, locality: localities })
    .from(promoCodes)
    .leftJoin(localities, eq(localities.id, promoCodes.localityId))
    .where(
      and(
        eq(promoCodes.partnerId, input.partnerId),
        or(isNull(promoCodes.userId), eq(promoCodes.userId, input.userId)),
        // Referral codes are for friends to enter; each customer sees their own on the referral page.
        isNull(promoCodes.referrerUserId),
        input.localityCode === null
          ? undefined
          : or(isNull(promoCodes.localityId), eq(localities.code, input.localityCode)),
        or(isNull(promoCodes.validFrom), lte(promoCodes.validFrom, input.now)),
        or(isNull(promoCodes.validUntil), gt(promoCodes.validUntil, input.now)),
        or(isNull(promoCodes.maxUses), sql`${promoCodes.uses} < ${promoCodes.maxUses}`),
        or(
          isNull(promoCodes.maxUsesPerCustomer),
          sql`(${db
            .select({ uses: count() })
            .from(promoCodeUses)
            .where(
              and(eq(promoCodeUses.promoCodeId, promoCodes.id), eq(promoCodeUses.userId, input.userId)),
            )}) < ${promoCodes.maxUsesPerCustomer}`,
        ),
      ),
    )
    .orderBy(sql`${promoCodes.userId} is null`, asc(promoCodes.code), asc(promoCodes.id))
    .limit(100);
}

/**
 * Gives back the promo code an order used: its use is deleted and the code counts one use less.
 */
export async function releasePromoCodeOfOrder(db: Database, orderId: number): Promise<void> {
  const released = await db
    .delete(promoCodeUses)
    .where(eq(promoCodeUses.orderId, orderId))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  for (const { promoCodeId } of released)
    await db
      .update(promoCodes)
      .set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` })
      .where(eq(promoCodes.id, promoCodeId));
}
