import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { CustomerPromoCode } from "@storefront/domain/contract";
import { and, asc, count, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, promoCodes, promoCodeUses } from "../db/schema.ts";

/**
 * The promo codes a customer can still use now, in a locality when one is named: their personal
 * codes and the partner's public ones, neither expired nor used up, in all or by them.
 */
export async function listCustomerPromoCodes(
  db: Database,
  input: { partnerId: number; userId: number; localityCode: string | null; reader: Locale | null; now: Date },
): Promise<CustomerPromoCode[]> {
  const rows = await db
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
  return rows.map(({ promo, locality }) => {
    const currency = locality?.currencyCode ?? null;
    const money = (minor: number) => (currency ? toMajorUnits(minor, currency) : minor);
    return {
      id: promo.id,
      code: promo.code,
      type: promo.type,
      value: promo.type === "FIXED" ? money(promo.value) : promo.value,
      minCartTotal: money(promo.minCartTotal),
      maxDiscount: promo.maxDiscount === null ? null : money(promo.maxDiscount),
      currencyCode: currency,
      localityCode: locality?.code ?? null,
      validUntil: promo.validUntil?.toISOString() ?? null,
      description: pickText(promo.description, input.reader, (locality?.lang as Locale | undefined) ?? null),
      personal: promo.userId !== null,
    };
  });
}

/**
 * Gives back the promo code an order used, when the order ends undelivered (declined or
 * cancelled): the customer may use it again, and it counts one use less.
 */
export async function releasePromoCode(db: Database, orderId: number): Promise<void> {
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
