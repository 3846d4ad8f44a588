import type { LocalizedText } from "@storefront/domain";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, products, vendorCategories, vendors } from "../db/schema.ts";

/** The words a vendor is found by: its name, its categories' and its products' names in every language. */
export function searchTextOf(vendorName: string, names: readonly LocalizedText[]): string {
  const texts = [vendorName, ...names.flatMap((text) => Object.values(text).filter(Boolean))];
  return texts.join(" | ").toLowerCase();
}

/** Writes a vendor's search words anew after its name, categories or products changed. */
export async function refreshVendorSearchText(db: Database, vendorId: number): Promise<void> {
  const [[vendor], categoryNames, productNames] = await Promise.all([
    db.select({ name: vendors.name }).from(vendors).where(eq(vendors.id, vendorId)),
    db
      .select({ name: categories.name })
      .from(vendorCategories)
      .innerJoin(categories, eq(categories.id, vendorCategories.categoryId))
      .where(eq(vendorCategories.vendorId, vendorId)),
    db.select({ name: products.name }).from(products).where(eq(products.vendorId, vendorId)),
  ]);
  if (!vendor) return;
  const searchText = searchTextOf(
    vendor.name,
    [...categoryNames, ...productNames].map((row) => row.name),
  );
  await db.update(vendors).set({ searchText }).where(eq(vendors.id, vendorId));
}
