import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import {
  catalogueSections,
  favouriteProducts,
  favouriteVendors,
  localities,
  products,
  vendors,
} from "../db/schema.ts";

interface Paging {
  page: number;
  size: number;
}

/**
 * A page of the customer's favourite vendors that are visible, newest first, with each one's
 * locality, and how many there are in all.
 */
export async function pageFavouriteVendors(db: Database, userId: number, paging: Paging) {
  const shown = and(eq(favouriteVendors.userId, userId), eq(vendors.visible, true));
  const [rows, total] = await Promise.all([
    db
      .select({ vendorId: favouriteVendors.vendorId, localityId: vendors.localityId })
      .from(favouriteVendors)
      .innerJoin(vendors, eq(vendors.id, favouriteVendors.vendorId))
      .where(shown)
      .orderBy(desc(favouriteVendors.createdAt), desc(favouriteVendors.vendorId))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db
      .select({ n: count() })
      .from(favouriteVendors)
      .innerJoin(vendors, eq(vendors.id, favouriteVendors.vendorId))
      .where(shown),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

/**
 * A page of the customer's favourite products that the partner's menus still show (visible product,
 * section and vendor), newest first, each with its vendor, section hours and locality, and how many
 * there are in all.
 */
export async function pageFavouriteProducts(
  db: Database,
  scope: { partnerId: number; userId: number },
  paging: Paging,
) {
  const shown = and(
    eq(favouriteProducts.userId, scope.userId),
    eq(vendors.partnerId, scope.partnerId),
    eq(vendors.visible, true),
    eq(products.visible, true),
    eq(catalogueSections.visible, true),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        product: products,
        vendor: { id: vendors.id, name: vendors.name },
        section: { workingHours: catalogueSections.workingHours },
        locality: {
          code: localities.code,
          lang: localities.lang,
          timeZone: localities.timeZone,
          currencyCode: localities.currencyCode,
        },
      })
      .from(favouriteProducts)
      .innerJoin(products, eq(products.id, favouriteProducts.productId))
      .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .innerJoin(localities, eq(localities.id, vendors.localityId))
      .where(shown)
      .orderBy(desc(favouriteProducts.createdAt), desc(favouriteProducts.productId))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db
      .select({ n: count() })
      .from(favouriteProducts)
      .innerJoin(products, eq(products.id, favouriteProducts.productId))
      .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .where(shown),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}

const favouriteVendorIds = preparedQuery<{ userId: number }, Array<{ id: number }>>(
  "favourite_vendor_ids",
  (db) =>
    db
      .select({ id: favouriteVendors.vendorId })
      .from(favouriteVendors)
      .where(eq(favouriteVendors.userId, sql.placeholder("userId"))),
);
const favouriteProductIds = preparedQuery<{ userId: number }, Array<{ id: number }>>(
  "favourite_product_ids",
  (db) =>
    db
      .select({ id: favouriteProducts.productId })
      .from(favouriteProducts)
      .where(eq(favouriteProducts.userId, sql.placeholder("userId"))),
);

/** The ids of everything the customer marked: vendors and products (read by every signed-in page). */
export async function listFavouriteIds(db: Database, userId: number) {
  const [vendorRows, productRows] = await Promise.all([
    favouriteVendorIds(db, { userId }),
    favouriteProductIds(db, { userId }),
  ]);
  return { vendors: vendorRows, products: productRows };
}

/** Marks a vendor; nothing when it is marked already. */
export async function insertFavouriteVendor(db: Database, userId: number, vendorId: number): Promise<void> {
  await db.insert(favouriteVendors).values({ userId, vendorId }).onConflictDoNothing();
}

export async function deleteFavouriteVendor(db: Database, userId: number, vendorId: number): Promise<void> {
  await db
    .delete(favouriteVendors)
    .where(and(eq(favouriteVendors.userId, userId), eq(favouriteVendors.vendorId, vendorId)));
}

/** Whether the partner's menus have a visible product of this id. */
export async function hasVisibleProduct(
  db: Database,
  partnerId: number,
  productId: number,
): Promise<boolean> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, productId), eq(vendors.partnerId, partnerId), eq(products.visible, true)))
    .limit(1);
  return product !== undefined;
}

/** Marks a product; nothing when it is marked already. */
export async function insertFavouriteProduct(db: Database, userId: number, productId: number): Promise<void> {
  await db.insert(favouriteProducts).values({ userId, productId }).onConflictDoNothing();
}

export async function deleteFavouriteProduct(db: Database, userId: number, productId: number): Promise<void> {
  await db
    .delete(favouriteProducts)
    .where(and(eq(favouriteProducts.userId, userId), eq(favouriteProducts.productId, productId)));
}
