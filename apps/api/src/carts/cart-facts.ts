import { type PromoCodeFacts, UNDELIVERED_ORDER_STATUSES } from "@storefront/domain";
import { and, count, eq, inArray, notInArray } from "drizzle-orm";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import {
  catalogueSections,
  optionGroups,
  options,
  orders,
  products,
  promoCodes,
  promoCodeUses,
  vendors,
} from "../db/schema.ts";
import type { StoredCart } from "./cart-store.ts";

export type VendorRow = typeof vendors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SectionRow = typeof catalogueSections.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** The menu as it is now, for the vendors and products a cart holds. */
export interface MenuFacts {
  vendors: Map<number, VendorRow>;
  products: Map<number, ProductRow>;
  sections: Map<number, SectionRow>;
  groupsOfProduct: Map<number, OptionGroupRow[]>;
  optionsOfGroup: Map<number, OptionRow[]>;
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

export async function loadMenuFacts(db: Database, stored: StoredCart): Promise<MenuFacts> {
  const vendorIds = stored.vendorCarts.map((v) => v.vendorId);
  const productIds = [...new Set(stored.vendorCarts.flatMap((v) => v.items.map((i) => i.productId)))];
  // One query after another: inside a transaction they share a single connection.
  const vendorRows = vendorIds.length
    ? await db.select().from(vendors).where(inArray(vendors.id, vendorIds))
    : [];
  const productRows = productIds.length
    ? await db.select().from(products).where(inArray(products.id, productIds))
    : [];
  const groupRows = productIds.length
    ? await db.select().from(optionGroups).where(inArray(optionGroups.productId, productIds))
    : [];
  const sectionIds = [...new Set(productRows.map((p) => p.sectionId))];
  const groupIds = groupRows.map((g) => g.id);
  const sectionRows = sectionIds.length
    ? await db.select().from(catalogueSections).where(inArray(catalogueSections.id, sectionIds))
    : [];
  const optionRows = groupIds.length
    ? await db.select().from(options).where(inArray(options.groupId, groupIds))
    : [];
  const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;
  return {
    vendors: new Map(vendorRows.map((v) => [v.id, v])),
    products: new Map(productRows.map((p) => [p.id, p])),
    sections: new Map(sectionRows.map((s) => [s.id, s])),
    groupsOfProduct: groupBy(groupRows.toSorted(bySort), (g) => g.productId),
    optionsOfGroup: groupBy(optionRows.toSorted(bySort), (o) => o.groupId),
  };
}

/** The applied promo code with how often it was used, all and by this customer. */
export interface PromoFacts {
  row: PromoCodeRow;
  /** Orders this customer placed with it that still count. */
  usesByCustomer: number;
  /** For a referral code: whether it is this customer's own, and whether they had an order before. */
  referral: { ownCode: boolean; customerHasOrdered: boolean } | null;
}

export async function loadPromoFacts(
  db: Database,
  promoCodeId: number | null,
  userId: number | null,
): Promise<PromoFacts | null> {
  if (promoCodeId === null) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  if (!row) return null;
  const [used] =
    userId === null
      ? [{ count: 0 }]
      : await db
          .select({ count: count() })
          .from(promoCodeUses)
          .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.userId, userId)));
  const ordered =
    row.referrerUserId === null || userId === null
      ? []
      : await db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.userId, userId), notInArray(orders.status, [...UNDELIVERED_ORDER_STATUSES])))
          .limit(1);
  return {
    row,
    usesByCustomer: used?.count ?? 0,
    referral:
      row.referrerUserId === null
        ? null
        : { ownCode: row.referrerUserId === userId, customerHasOrdered: ordered.length > 0 },
  };
}

/** What the promo code rules of the domain need to know of a loaded code, in this locality. */
export function promoCheckFacts(
  facts: PromoFacts,
  locality: LocalityRow,
): NonNullable<PromoCodeFacts["promo"]> {
  const { row } = facts;
  return {
    rule: {
      type: row.type,
      value: row.value,
      minCartTotalMinor: row.minCartTotal,
      maxDiscountMinor: row.maxDiscount,
    },
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    usesSoFar: row.uses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    usesByCustomer: facts.usesByCustomer,
    vendorId: row.vendorId,
    referral: facts.referral && {
      ...facts.referral,
      programmeOn: locality.params.referral?.enabled ?? false,
    },
  };
}
