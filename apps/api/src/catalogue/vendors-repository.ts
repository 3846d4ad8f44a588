import { searchTerms } from "@storefront/domain";
import type { VendorsQuery } from "@storefront/domain/contract";
import { and, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, vendorCategories, vendors } from "../db/schema.ts";
import { findCloseWords, holdsCloseWords, vendorsWithDishHolding } from "./search-repository.ts";

export type VendorRow = typeof vendors.$inferSelect;

/** What a vendor's summary shows: its row without the description and the search text. */
const summaryColumns = {
  id: vendors.id,
  name: vendors.name,
  vendorType: vendors.vendorType,
  street: vendors.street,
  houseNumber: vendors.houseNumber,
  city: vendors.city,
  country: vendors.country,
  latitude: vendors.latitude,
  longitude: vendors.longitude,
  imageId: vendors.imageId,
  avatarId: vendors.avatarId,
  rating: vendors.rating,
  ratingsCount: vendors.ratingsCount,
  workingHours: vendors.workingHours,
  closures: vendors.closures,
  sort: vendors.sort,
  receiptTypes: vendors.receiptTypes,
  cookingMinutesMin: vendors.cookingMinutesMin,
  cookingMinutesMax: vendors.cookingMinutesMax,
  deliveryFee: vendors.deliveryFee,
  minOrderPrice: vendors.minOrderPrice,
  liveMode: vendors.liveMode,
};
export type SummaryRow = Pick<VendorRow, keyof typeof summaryColumns>;

/** Which vendor lists which category. */
export interface VendorCategoryLink {
  vendorId: number;
  categoryId: number;
}

/**
 * The vendors a locality lists (its partner's, visible) with their summaries' columns, and their
 * category links: two queries at once.
 */
export async function findListedVendors(
  db: Database,
  locality: { id: number; partnerId: number },
): Promise<{ rows: SummaryRow[]; links: VendorCategoryLink[] }> {
  const listed = and(
    eq(vendors.localityId, locality.id),
    eq(vendors.partnerId, locality.partnerId),
    eq(vendors.visible, true),
  );
  const [rows, links] = await Promise.all([
    db.select(summaryColumns).from(vendors).where(listed),
    db
      .select({ vendorId: vendorCategories.vendorId, categoryId: vendorCategories.categoryId })
      .from(vendorCategories)
      .innerJoin(vendors, eq(vendors.id, vendorCategories.vendorId))
      .where(listed),
  ]);
  return { rows, links };
}

/**
 * The ids of the locality's visible vendors in one of the categories (or of their children) when
 * categories are given, and whose search text matches the search string when one is given
 * (`findCloseWords`), by their own text or a dish's, from the indexes.
 */
export async function findVendorIdsMatching(
  db: Database,
  localityId: number,
  query: Pick<VendorsQuery, "categories" | "searchString">,
): Promise<number[]> {
  const conditions: SQL[] = [eq(vendors.localityId, localityId), eq(vendors.visible, true)];
  if (query.categories?.length) {
    const chosen = db
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.localityId, localityId),
          or(inArray(categories.id, query.categories), inArray(categories.parentId, query.categories)),
        ),
      );
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(vendorCategories)
          .where(
            and(eq(vendorCategories.vendorId, vendors.id), inArray(vendorCategories.categoryId, chosen)),
          ),
      ),
    );
  }
  if (query.searchString) {
    // Found by its own text or by a dish's; a search of nothing searchable ("%%") finds nothing.
    const sought = await findCloseWords(db, searchTerms(query.searchString));
    conditions.push(
      or(
        holdsCloseWords(vendors.searchWords, sought),
        inArray(vendors.id, vendorsWithDishHolding(db, sought)),
      ) as SQL,
    );
  }
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(...conditions));
  return rows.map((row) => row.id);
}

/** The summaries' columns of these vendors, in no order, and their category links: two queries at once. */
export async function findVendorSummaryRows(
  db: Database,
  ids: number[],
): Promise<{ rows: SummaryRow[]; links: VendorCategoryLink[] }> {
  const [rows, links] = await Promise.all([
    db.select(summaryColumns).from(vendors).where(inArray(vendors.id, ids)),
    db.select().from(vendorCategories).where(inArray(vendorCategories.vendorId, ids)),
  ]);
  return { rows, links };
}

/** The partner's visible vendor of this id, or null. */
export async function findVisibleVendor(
  db: Database,
  partnerId: number,
  id: number,
): Promise<VendorRow | null> {
  const [row] = await db
    .select()
    .from(vendors)
    .where(and(eq(vendors.id, id), eq(vendors.partnerId, partnerId), eq(vendors.visible, true)))
    .limit(1);
  return row ?? null;
}
