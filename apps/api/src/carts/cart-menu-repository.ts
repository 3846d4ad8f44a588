import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { isAnyOf, preparedQuery } from "../db/prepared.ts";
import { catalogueSections, optionGroups, options, products, vendors } from "../db/schema.ts";

export type VendorRow = typeof vendors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SectionRow = typeof catalogueSections.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;

const vendorsByIds = preparedQuery<{ vendorIds: number[] }, VendorRow[]>("cart_vendors", (db) =>
  db
    .select()
    .from(vendors)
    .where(isAnyOf(vendors.id, "vendorIds", "int")),
);
const productsByIds = preparedQuery<
  { productIds: number[] },
  Array<{ product: ProductRow; section: SectionRow | null }>
>("cart_products", (db) =>
  db
    .select({ product: products, section: catalogueSections })
    .from(products)
    .leftJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .where(isAnyOf(products.id, "productIds", "int")),
);
const optionGroupsOfProducts = preparedQuery<
  { productIds: number[] },
  Array<{ group: OptionGroupRow; option: OptionRow | null }>
>("cart_option_groups", (db) =>
  db
    .select({ group: optionGroups, option: options })
    .from(optionGroups)
    .leftJoin(options, eq(options.groupId, optionGroups.id))
    .where(isAnyOf(optionGroups.productId, "productIds", "int")),
);

/** Menu rows of a cart's vendors and products (unsorted). */
export interface MenuRows {
  vendors: VendorRow[];
  products: ProductRow[];
  sections: SectionRow[];
  groups: OptionGroupRow[];
  options: OptionRow[];
}

/** The ids of the vendors and products a cart's lines point at. */
export interface MenuIds {
  vendorIds: number[];
  productIds: number[];
}

/** The rows of the queries above as the cart reads them: each section and option group once. */
function menuRowsOf(
  vendorRows: VendorRow[],
  productRows: Array<{ product: ProductRow; section: SectionRow | null }>,
  groupRows: Array<{ group: OptionGroupRow; option: OptionRow | null }>,
): MenuRows {
  const sections = new Map<number, SectionRow>();
  for (const { section } of productRows) if (section) sections.set(section.id, section);
  const groups = new Map<number, OptionGroupRow>();
  for (const { group } of groupRows) groups.set(group.id, group);
  return {
    vendors: vendorRows,
    products: productRows.map((row) => row.product),
    sections: [...sections.values()],
    groups: [...groups.values()],
    options: groupRows.flatMap((row) => (row.option ? [row.option] : [])),
  };
}

/** The menu rows a cart's lines point at, as they are now (unsorted). */
export async function findMenuRows(db: Database, ids: MenuIds): Promise<MenuRows> {
  const { vendorIds, productIds } = ids;
  // One query after another: inside a transaction they share a single connection. Each product
  // comes with its section and each option group with its options, so a cart takes three queries.
  const vendorRows = vendorIds.length ? await vendorsByIds(db, { vendorIds }) : [];
  const productRows = productIds.length ? await productsByIds(db, { productIds }) : [];
  const groupRows = productIds.length ? await optionGroupsOfProducts(db, { productIds }) : [];
  return menuRowsOf(vendorRows, productRows, groupRows);
}

/** A product of the partner's with its vendor. */
export async function findProductOfPartner(
  db: Database,
  partnerId: number,
  productId: number,
): Promise<{ product: ProductRow; vendor: VendorRow } | null> {
  const [found] = await db
    .select({ product: products, vendor: vendors })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, productId), eq(vendors.partnerId, partnerId)))
    .limit(1);
  return found ?? null;
}

/** A product's option groups, each with its options, in the order they were made. */
export async function listOptionGroupsOf(
  db: Database,
  productId: number,
): Promise<Array<OptionGroupRow & { options: OptionRow[] }>> {
  const rows = await db
    .select({ group: optionGroups, option: options })
    .from(optionGroups)
    .leftJoin(options, eq(options.groupId, optionGroups.id))
    .where(eq(optionGroups.productId, productId))
    .orderBy(asc(optionGroups.id), asc(options.id));
  const groups = new Map<number, OptionGroupRow & { options: OptionRow[] }>();
  for (const { group, option } of rows) {
    const entry = groups.get(group.id) ?? { ...group, options: [] };
    if (option) entry.options.push(option);
    groups.set(group.id, entry);
  }
  return [...groups.values()];
}

export async function findVendorById(db: Database, vendorId: number): Promise<VendorRow | null> {
  const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId)).limit(1);
  return row ?? null;
}
