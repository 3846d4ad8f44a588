import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, vendorCategories, vendors } from "../db/schema.ts";

export type CategoryRow = typeof categories.$inferSelect;

/**
 * The locality's categories in the partner's order, with how many of its visible vendors each one
 * lists directly (categories without any are absent from the counts): two queries at once.
 */
export async function findCategoriesWithVendorCounts(
  db: Database,
  localityId: number,
): Promise<{ rows: CategoryRow[]; counts: Array<{ categoryId: number; vendors: number }> }> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(categories)
      .where(eq(categories.localityId, localityId))
      .orderBy(asc(categories.sort), asc(categories.id)),
    db
      .select({ categoryId: vendorCategories.categoryId, vendors: count() })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(and(eq(vendors.localityId, localityId), eq(vendors.visible, true)))
      .groupBy(vendorCategories.categoryId),
  ]);
  return { rows, counts };
}
