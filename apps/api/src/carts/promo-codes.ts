import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { CustomerPromoCode } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { listUsablePromoCodes, releasePromoCodeOfOrder } from "./promo-code-repository.ts";

/**
 * The promo codes a customer can still use now, in a locality when one is named: their personal
 * codes and the partner's public ones, neither expired nor used up, in all or by them.
 */
export async function listCustomerPromoCodes(
  db: Database,
  input: { partnerId: number; userId: number; localityCode: string | null; reader: Locale | null; now: Date },
): Promise<CustomerPromoCode[]> {
  const rows = await listUsablePromoCodes(db, input);
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
  await releasePromoCodeOfOrder(db, orderId);
}
