import type { PromoCodeFacts } from "@storefront/domain";
import type { LocalityRow } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import {
  findMenuRows,
  type MenuIds,
  type MenuRows,
  type OptionGroupRow,
  type OptionRow,
  type ProductRow,
  type SectionRow,
  type VendorRow,
} from "./cart-menu-repository.ts";
import type { StoredCart } from "./cart-store.ts";
import {
  countUsesByCustomer,
  customerHasOrdered,
  findPromoCodeById,
  type PromoCodeRow,
} from "./promo-code-repository.ts";

export type { OptionGroupRow, OptionRow, ProductRow, PromoCodeRow, SectionRow, VendorRow };

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

/** Where a cart's menu rows are read: the database (the default), or a cache of them for a cart shown. */
export type MenuRowsSource = (ids: MenuIds) => Promise<MenuRows>;

export async function loadMenuFacts(
  db: Database,
  stored: StoredCart,
  rowsOf: MenuRowsSource = (ids) => findMenuRows(db, ids),
): Promise<MenuFacts> {
  const rows = await rowsOf({
    vendorIds: stored.vendorCarts.map((v) => v.vendorId),
    productIds: [...new Set(stored.vendorCarts.flatMap((v) => v.items.map((i) => i.productId)))],
  });
  const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;
  return {
    vendors: new Map(rows.vendors.map((v) => [v.id, v])),
    products: new Map(rows.products.map((p) => [p.id, p])),
    sections: new Map(rows.sections.map((s) => [s.id, s])),
    groupsOfProduct: groupBy(rows.groups.toSorted(bySort), (g) => g.productId),
    optionsOfGroup: groupBy(rows.options.toSorted(bySort), (o) => o.groupId),
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
  const row = await findPromoCodeById(db, promoCodeId);
  return row ? promoFactsOf(db, row, userId) : null;
}

/** A promo code row with how often this customer used it and, for a referral code, what decides it. */
export async function promoFactsOf(
  db: Database,
  row: PromoCodeRow,
  userId: number | null,
): Promise<PromoFacts> {
  const usesByCustomer = userId === null ? 0 : await countUsesByCustomer(db, row.id, userId);
  const ordered =
    row.referrerUserId === null || userId === null ? false : await customerHasOrdered(db, userId);
  return {
    row,
    usesByCustomer,
    referral:
      row.referrerUserId === null
        ? null
        : { ownCode: row.referrerUserId === userId, customerHasOrdered: ordered },
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
