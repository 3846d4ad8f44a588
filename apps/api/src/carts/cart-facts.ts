import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  catalogueSections,
  optionGroups,
  options,
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
  usedByCustomer: boolean;
}

export async function loadPromoFacts(
  db: Database,
  promoCodeId: number | null,
  userId: number | null,
): Promise<PromoFacts | null> {
  if (promoCodeId === null) return null;
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, promoCodeId)).limit(1);
  if (!row) return null;
  const used =
    userId === null
      ? []
      : await db
          .select({ one: promoCodeUses.promoCodeId })
          .from(promoCodeUses)
          .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.userId, userId)))
          .limit(1);
  return { row, usedByCustomer: used.length > 0 };
}
