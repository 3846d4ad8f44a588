import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, vendorCategories } from "../db/schema.ts";

export type CategoryRow = typeof categories.$inferSelect;

/** How many vendors each of these categories lists (those with none are left out). */
export async function countCategoryVendors(
  db: Database,
  ids: number[],
): Promise<Array<{ id: number; vendors: number }>> {
  if (ids.length === 0) return [];
  return db
    .select({ id: vendorCategories.categoryId, vendors: count() })
    .from(vendorCategories)
    .where(inArray(vendorCategories.categoryId, ids))
    .groupBy(vendorCategories.categoryId);
}

/** A city's categories of the partner, in their order. */
export async function listCityCategories(
  db: Database,
  partnerId: number,
  localityId: number,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.partnerId, partnerId), eq(categories.localityId, localityId)))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** The partner's category, locked for the rest of the transaction; another partner's is as none. */
export async function lockCategory(db: Database, partnerId: number, id: number): Promise<CategoryRow | null> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.partnerId, partnerId)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** Where a category sits: its parent, city and partner; null if there is none of that id. */
export async function findCategoryPlace(db: Database, id: number) {
  const [row] = await db
    .select({
      parentId: categories.parentId,
      localityId: categories.localityId,
      partnerId: categories.partnerId,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

/** Whether any category is under this one. */
export async function hasChildCategory(db: Database, id: number): Promise<boolean> {
  const [child] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  return child !== undefined;
}

export async function insertCategory(
  db: Database,
  values: typeof categories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  return row as CategoryRow;
}

export async function updateCategory(
  db: Database,
  id: number,
  change: Partial<Pick<CategoryRow, "name" | "parentId" | "top" | "sort" | "imageId">>,
): Promise<CategoryRow> {
  const [row] = await db.update(categories).set(change).where(eq(categories.id, id)).returning();
  return row as CategoryRow;
}

export async function deleteCategoryRow(db: Database, id: number): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}
