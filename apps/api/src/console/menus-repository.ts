import type { MenuArrangement, ProductContent } from "@storefront/domain";
import { and, asc, eq, inArray, max, notInArray } from "drizzle-orm";
import { type ProductScope, productOfScope, vendorOfScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { catalogueSections, localities, optionGroups, options, products, vendors } from "../db/schema.ts";

export type ProductRow = typeof products.$inferSelect;
export type SectionRow = typeof catalogueSections.$inferSelect;
export type GroupRow = typeof optionGroups.$inferSelect;
export type OptionRow = typeof options.$inferSelect;

/** A vendor's sections, hidden ones too, in the menu's order. */
export async function listVendorSections(db: Database, vendorId: number): Promise<SectionRow[]> {
  return db
    .select()
    .from(catalogueSections)
    .where(eq(catalogueSections.vendorId, vendorId))
    .orderBy(asc(catalogueSections.sort), asc(catalogueSections.id));
}

/** A vendor's products, hidden and sold-out ones too, in the menu's order. */
export async function listVendorProducts(db: Database, vendorId: number): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(eq(products.vendorId, vendorId))
    .orderBy(asc(products.sort), asc(products.id));
}

/** Whether the product is the scope's. */
export async function isProductOfScope(
  db: Database,
  scope: ProductScope,
  productId: number,
): Promise<boolean> {
  const [found] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(productOfScope(scope, productId))
    .limit(1);
  return found !== undefined;
}

/**
 * The product of the scope with its vendor's name and locality (currency, language), locked when
 * `forUpdate`; another's is as none (null).
 */
export async function findProductOfScope(
  db: Database,
  scope: ProductScope,
  productId: number,
  forUpdate: boolean,
) {
  const query = db
    .select({
      product: products,
      localityId: vendors.localityId,
      vendorName: vendors.name,
      currencyCode: localities.currencyCode,
      lang: localities.lang,
    })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(productOfScope(scope, productId))
    .limit(1);
  const [found] = forUpdate ? await query.for("update", { of: products }) : await query;
  return found ?? null;
}

export async function findProduct(db: Database, productId: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, productId));
  return row ?? null;
}

/** A product's option groups and their options, in the editor's order. */
export async function listOptionGroups(
  db: Database,
  productId: number,
): Promise<{ groups: GroupRow[]; groupOptions: OptionRow[] }> {
  const groups = await db
    .select()
    .from(optionGroups)
    .where(eq(optionGroups.productId, productId))
    .orderBy(asc(optionGroups.sort), asc(optionGroups.id));
  const groupOptions = groups.length
    ? await db
        .select()
        .from(options)
        .where(
          inArray(
            options.groupId,
            groups.map((group) => group.id),
          ),
        )
        .orderBy(asc(options.sort), asc(options.id))
    : [];
  return { groups, groupOptions };
}

/**
 * Writes a product's option groups and options as given, in their order: a listed id is updated in
 * place, one without is inserted, what is left out is deleted. The ids are the product's own
 * (checked by the caller).
 */
export async function replaceOptionGroups(
  db: Database,
  productId: number,
  given: ProductContent["optionGroups"],
): Promise<void> {
  const keptGroupIds = given.flatMap((group) => (group.id === undefined ? [] : [group.id]));
  await db
    .delete(optionGroups)
    .where(
      and(
        eq(optionGroups.productId, productId),
        keptGroupIds.length ? notInArray(optionGroups.id, keptGroupIds) : undefined,
      ),
    );
  for (const [sort, group] of given.entries()) {
    const columns = {
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.maxCount,
      sort,
    };
    let groupId = group.id;
    if (groupId === undefined) {
      const [inserted] = await db
        .insert(optionGroups)
        .values({ productId, ...columns })
        .returning({ id: optionGroups.id });
      groupId = inserted?.id as number;
    } else await db.update(optionGroups).set(columns).where(eq(optionGroups.id, groupId));
    const keptOptionIds = group.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
    await db
      .delete(options)
      .where(
        and(
          eq(options.groupId, groupId),
          keptOptionIds.length ? notInArray(options.id, keptOptionIds) : undefined,
        ),
      );
    for (const [optionSort, option] of group.options.entries()) {
      const optionColumns = {
        name: option.name,
        price: option.price,
        available: option.available,
        sort: optionSort,
      };
      if (option.id === undefined) await db.insert(options).values({ groupId, ...optionColumns });
      else await db.update(options).set(optionColumns).where(eq(options.id, option.id));
    }
  }
}

/** Whether the section is one of the vendor's. */
export async function isSectionOfVendor(db: Database, vendorId: number, sectionId: number): Promise<boolean> {
  const [section] = await db
    .select({ id: catalogueSections.id })
    .from(catalogueSections)
    .where(and(eq(catalogueSections.id, sectionId), eq(catalogueSections.vendorId, vendorId)));
  return section !== undefined;
}

/** The next place at the bottom of a section: one past the largest sort there. */
export async function nextProductSort(db: Database, sectionId: number): Promise<number> {
  const [row] = await db
    .select({ top: max(products.sort) })
    .from(products)
    .where(eq(products.sectionId, sectionId));
  return (row?.top ?? -1) + 1;
}

/** The next place at the bottom of a vendor's menu: one past the largest sort of its sections. */
export async function nextSectionSort(db: Database, vendorId: number): Promise<number> {
  const [row] = await db
    .select({ top: max(catalogueSections.sort) })
    .from(catalogueSections)
    .where(eq(catalogueSections.vendorId, vendorId));
  return (row?.top ?? -1) + 1;
}

/** A new product's row; answers its id. */
export async function insertProduct(db: Database, values: typeof products.$inferInsert): Promise<number> {
  const [row] = await db.insert(products).values(values).returning({ id: products.id });
  return row?.id as number;
}

export async function updateProduct(
  db: Database,
  productId: number,
  change: Partial<typeof products.$inferInsert>,
): Promise<void> {
  await db.update(products).set(change).where(eq(products.id, productId));
}

/** A new section's row; answers its id. */
export async function insertSection(
  db: Database,
  values: typeof catalogueSections.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(catalogueSections).values(values).returning({ id: catalogueSections.id });
  return row?.id as number;
}

/**
 * The section of the scope with its vendor's locality and language, locked for the rest of the
 * transaction; another's is as none (null).
 */
export async function lockSectionOfScope(db: Database, scope: ProductScope, sectionId: number) {
  const [found] = await db
    .select({ section: catalogueSections, localityId: vendors.localityId, lang: localities.lang })
    .from(catalogueSections)
    .innerJoin(vendors, eq(vendors.id, catalogueSections.vendorId))
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(and(eq(catalogueSections.id, sectionId), vendorOfScope(scope)))
    .limit(1)
    .for("update", { of: catalogueSections });
  return found ?? null;
}

export async function updateSection(
  db: Database,
  sectionId: number,
  change: Pick<SectionRow, "name" | "visible">,
): Promise<void> {
  await db.update(catalogueSections).set(change).where(eq(catalogueSections.id, sectionId));
}

/** Where each product of the vendor is: its id and section, in the menu's order. */
export async function listProductPlaces(db: Database, vendorId: number) {
  return db
    .select({ id: products.id, sectionId: products.sectionId })
    .from(products)
    .where(eq(products.vendorId, vendorId))
    .orderBy(asc(products.sort), asc(products.id));
}

/** The vendor's section ids in the menu's order. */
export async function listSectionIds(db: Database, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: catalogueSections.id })
    .from(catalogueSections)
    .where(eq(catalogueSections.vendorId, vendorId))
    .orderBy(asc(catalogueSections.sort), asc(catalogueSections.id));
  return rows.map((row) => row.id);
}

/** Writes the menu's order: each section's place, and each product's place and section. */
export async function writeMenuArrangement(db: Database, arrangement: MenuArrangement): Promise<void> {
  for (const [sort, section] of arrangement.entries()) {
    await db.update(catalogueSections).set({ sort }).where(eq(catalogueSections.id, section.id));
    for (const [productSort, productId] of section.productIds.entries())
      await db
        .update(products)
        .set({ sort: productSort, sectionId: section.id })
        .where(eq(products.id, productId));
  }
}

/** The product of the scope, locked for the rest of the transaction; another's is as none (null). */
export async function lockProductOfScope(
  db: Database,
  scope: ProductScope,
  productId: number,
): Promise<ProductRow | null> {
  const [found] = await db
    .select({ product: products })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(productOfScope(scope, productId))
    .limit(1)
    .for("update", { of: products });
  return found?.product ?? null;
}
