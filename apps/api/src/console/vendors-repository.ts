import { and, asc, eq, inArray, max } from "drizzle-orm";
import { type ProductScope, vendorOfScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { categories, localities, vendorCategories, vendors } from "../db/schema.ts";

export type VendorRow = typeof vendors.$inferSelect;

/**
 * The scope's vendor with its locality's code, currency, time zone and language, locked when
 * `forUpdate`; another partner's or vendor's is as none (null).
 */
export async function findVendorOfScope(
  db: Database,
  scope: ProductScope,
  vendorId: number,
  forUpdate: boolean,
) {
  const query = db
    .select({
      vendor: vendors,
      code: localities.code,
      currencyCode: localities.currencyCode,
      timeZone: localities.timeZone,
      lang: localities.lang,
    })
    .from(vendors)
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(and(eq(vendors.id, vendorId), vendorOfScope(scope)))
    .limit(1);
  const [found] = forUpdate ? await query.for("update", { of: vendors }) : await query;
  return found ?? null;
}

/** A vendor of the partner in this city, or null. */
export async function findCityVendor(
  db: Database,
  place: { partnerId: number; localityId: number; vendorId: number },
): Promise<{ id: number; name: string } | null> {
  const [vendor] = await db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(
      and(
        eq(vendors.id, place.vendorId),
        eq(vendors.partnerId, place.partnerId),
        eq(vendors.localityId, place.localityId),
      ),
    )
    .limit(1);
  return vendor ?? null;
}

/** The partner's vendors in a city, by name. */
export async function listCityVendors(
  db: Database,
  partnerId: number,
  localityId: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: vendors.id, name: vendors.name })
    .from(vendors)
    .where(and(eq(vendors.partnerId, partnerId), eq(vendors.localityId, localityId)))
    .orderBy(asc(vendors.name));
}

/** A locality's categories with their parents and names, in their order. */
export async function listCityCategoryNames(db: Database, localityId: number) {
  return db
    .select({ id: categories.id, parentId: categories.parentId, name: categories.name })
    .from(categories)
    .where(eq(categories.localityId, localityId))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** These categories' names, by id. */
export async function listCategoryNames(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(inArray(categories.id, ids));
}

/** Which of these categories are of the locality. */
export async function listCityCategoryIds(
  db: Database,
  localityId: number,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.localityId, localityId), inArray(categories.id, ids)));
  return rows.map((row) => row.id);
}

/** The categories a vendor is listed under, by id. */
export async function listVendorCategoryIds(db: Database, vendorId: number): Promise<number[]> {
  const rows = await db
    .select({ id: vendorCategories.categoryId })
    .from(vendorCategories)
    .where(eq(vendorCategories.vendorId, vendorId))
    .orderBy(asc(vendorCategories.categoryId));
  return rows.map((row) => row.id);
}

/** The vendor listed under exactly these categories. */
export async function replaceVendorCategories(db: Database, vendorId: number, categoryIds: number[]) {
  await db.delete(vendorCategories).where(eq(vendorCategories.vendorId, vendorId));
  if (categoryIds.length)
    await db.insert(vendorCategories).values(categoryIds.map((categoryId) => ({ vendorId, categoryId })));
}

/** Writes a vendor's row; null if it is gone. */
export async function updateVendor(
  db: Database,
  id: number,
  change: Partial<typeof vendors.$inferInsert>,
): Promise<VendorRow | null> {
  const [updated] = await db.update(vendors).set(change).where(eq(vendors.id, id)).returning();
  return updated ?? null;
}

/** The largest sort among a locality's vendors; null when it has none. */
export async function lastVendorSort(db: Database, localityId: number): Promise<number | null> {
  const [last] = await db
    .select({ sort: max(vendors.sort) })
    .from(vendors)
    .where(eq(vendors.localityId, localityId));
  return last?.sort ?? null;
}

/** A new vendor's row; answers its id. */
export async function insertVendor(db: Database, values: typeof vendors.$inferInsert): Promise<number> {
  const [row] = await db.insert(vendors).values(values).returning({ id: vendors.id });
  return (row as { id: number }).id;
}
