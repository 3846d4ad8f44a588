import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { catalogueSections, localities, optionGroups, options, products, vendors } from "../db/schema.ts";
import type { LocalityRow } from "./localities-repository.ts";
import type { ProductRow } from "./products-repository.ts";
import type { VendorRow } from "./vendors-repository.ts";

export type { ProductRow } from "./products-repository.ts";
export type SectionRow = typeof catalogueSections.$inferSelect;
export type OptionGroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;

/** A vendor's visible sections and visible products, each in the menu's order: two queries at once. */
export async function findVisibleMenuRows(
  db: Database,
  vendorId: number,
): Promise<{ sections: SectionRow[]; rows: ProductRow[] }> {
  const [sections, rows] = await Promise.all([
    db
      .select()
      .from(catalogueSections)
      .where(and(eq(catalogueSections.vendorId, vendorId), eq(catalogueSections.visible, true)))
      .orderBy(asc(catalogueSections.sort), asc(catalogueSections.id)),
    db
      .select()
      .from(products)
      .where(and(eq(products.vendorId, vendorId), eq(products.visible, true)))
      .orderBy(asc(products.sort), asc(products.id)),
  ]);
  return { sections, rows };
}

/**
 * The option groups of these products and the options of those groups, each in the menu's order:
 * one query, and a second only when there are groups.
 */
export async function findComponentGroups(
  db: Database,
  productIds: number[],
): Promise<{ groups: OptionGroupRow[]; choices: OptionRow[] }> {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(inArray(optionGroups.productId, productIds))
    .orderBy(asc(optionGroups.sort), asc(optionGroups.id));
  const choices =
    groups.length === 0
      ? []
      : await db
          .select()
          .from(options)
          .where(
            inArray(
              options.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(options.sort), asc(options.id));
  return { groups, choices };
}

/**
 * A visible product of one of the partner's visible vendors, with its vendor, section and locality,
 * in one query; null when there is none.
 */
export async function findListedProduct(
  db: Database,
  partnerId: number,
  productId: number,
): Promise<{ product: ProductRow; vendor: VendorRow; section: SectionRow; locality: LocalityRow } | null> {
  const [found] = await db
    .select({ product: products, vendor: vendors, section: catalogueSections, locality: localities })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(
      and(
        eq(products.id, productId),
        eq(vendors.partnerId, partnerId),
        eq(vendors.visible, true),
        eq(products.visible, true),
      ),
    )
    .limit(1);
  return found ?? null;
}
