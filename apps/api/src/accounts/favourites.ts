import type { Locale } from "@storefront/domain";
import type { VendorSummary } from "@storefront/domain/contract";
import { and, count, desc, eq } from "drizzle-orm";
import type { ImageStore } from "../catalogue/images.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import { findVendorRow, loadVendorSummaries, vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { favouriteProducts, favouriteVendors, products, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** The customer's favourite vendors, newest first, one page at a time, each as its vendor card. */
export async function listFavouriteVendors(
  db: Database,
  imageStore: ImageStore,
  request: { userId: number; page: number; size: number; reader: Locale | null; now: Date },
) {
  const { userId, page, size } = request;
  const [rows, total] = await Promise.all([
    db
      .select({ vendorId: favouriteVendors.vendorId, localityId: vendors.localityId })
      .from(favouriteVendors)
      .innerJoin(vendors, eq(vendors.id, favouriteVendors.vendorId))
      .where(and(eq(favouriteVendors.userId, userId), eq(vendors.visible, true)))
      .orderBy(desc(favouriteVendors.createdAt), desc(favouriteVendors.vendorId))
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: count() })
      .from(favouriteVendors)
      .innerJoin(vendors, eq(vendors.id, favouriteVendors.vendorId))
      .where(and(eq(favouriteVendors.userId, userId), eq(vendors.visible, true))),
  ]);
  // Vendors of one locality share its clock and prices; a customer may favour vendors of several.
  const byLocality = new Map<number, number[]>();
  for (const row of rows)
    byLocality.set(row.localityId, [...(byLocality.get(row.localityId) ?? []), row.vendorId]);
  const summaries = new Map<number, VendorSummary>();
  for (const [localityId, ids] of byLocality) {
    const context = vendorContext(await findLocalityById(db, localityId), {}, request.reader, request.now);
    for (const summary of await loadVendorSummaries(db, imageStore, ids, context))
      summaries.set(summary.id, summary);
  }
  const totalElements = total[0]?.n ?? 0;
  return {
    content: rows.flatMap((row) => {
      const vendor = summaries.get(row.vendorId);
      return vendor ? [{ id: row.vendorId, vendor }] : [];
    }),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

/** The ids of everything the customer marked: vendors and products. */
export async function favouriteIds(db: Database, userId: number) {
  const [vendorRows, productRows] = await Promise.all([
    db
      .select({ id: favouriteVendors.vendorId })
      .from(favouriteVendors)
      .where(eq(favouriteVendors.userId, userId)),
    db
      .select({ id: favouriteProducts.productId })
      .from(favouriteProducts)
      .where(eq(favouriteProducts.userId, userId)),
  ]);
  return { vendors: vendorRows, products: productRows };
}

export async function addFavouriteVendor(db: Database, partnerId: number, userId: number, vendorId: number) {
  await findVendorRow(db, partnerId, vendorId);
  await db.insert(favouriteVendors).values({ userId, vendorId }).onConflictDoNothing();
}

export async function removeFavouriteVendor(db: Database, userId: number, vendorId: number) {
  await db
    .delete(favouriteVendors)
    .where(and(eq(favouriteVendors.userId, userId), eq(favouriteVendors.vendorId, vendorId)));
}

export async function addFavouriteProduct(
  db: Database,
  partnerId: number,
  userId: number,
  productId: number,
) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(and(eq(products.id, productId), eq(vendors.partnerId, partnerId), eq(products.visible, true)))
    .limit(1);
  if (!product) throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
  await db.insert(favouriteProducts).values({ userId, productId }).onConflictDoNothing();
}

export async function removeFavouriteProduct(db: Database, userId: number, productId: number) {
  await db
    .delete(favouriteProducts)
    .where(and(eq(favouriteProducts.userId, userId), eq(favouriteProducts.productId, productId)));
}
