import type { Locale } from "@storefront/domain";
import type { FavouriteProductsPage, VendorSummary } from "@storefront/domain/contract";
import { availabilityClock } from "../catalogue/availability.ts";
import { dishCardOf } from "../catalogue/dish-cards.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import { findVendorRow, loadVendorSummaries, vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  deleteFavouriteProduct,
  deleteFavouriteVendor,
  hasVisibleProduct,
  insertFavouriteProduct,
  insertFavouriteVendor,
  listFavouriteIds,
  pageFavouriteProducts,
  pageFavouriteVendors,
} from "./favourites-repository.ts";

/** The customer's favourite vendors, newest first, one page at a time, each as its vendor card. */
export async function listFavouriteVendors(
  db: Database,
  imageStore: ImageStore,
  request: { userId: number; page: number; size: number; reader: Locale | null; now: Date },
) {
  const { userId, page, size } = request;
  const { rows, total: totalElements } = await pageFavouriteVendors(db, userId, { page, size });
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

/**
 * The customer's favourite products, newest first, one page at a time, each as its card shows it:
 * only products the partner's menus still show (visible product, section and vendor), named in the
 * reader's language and judged available as the menu judges them now.
 */
export async function listFavouriteProducts(
  db: Database,
  imageStore: ImageStore,
  request: {
    partnerId: number;
    userId: number;
    page: number;
    size: number;
    reader: Locale | null;
    now: Date;
  },
): Promise<FavouriteProductsPage> {
  const { page, size } = request;
  const { rows, total: totalElements } = await pageFavouriteProducts(
    db,
    { partnerId: request.partnerId, userId: request.userId },
    { page, size },
  );
  const imageOf = await imageStore.load(rows.map((row) => row.product.imageId));
  return {
    content: rows.map((row) => ({
      id: row.product.id,
      product: dishCardOf(row, row.locality, {
        reader: request.reader,
        clock: availabilityClock(row.locality.timeZone, request.now),
        imageOf,
      }),
    })),
    page,
    size,
    totalElements,
    totalPages: Math.ceil(totalElements / size),
  };
}

/** The ids of everything the customer marked: vendors and products. */
export async function favouriteIds(db: Database, userId: number) {
  return listFavouriteIds(db, userId);
}

export async function addFavouriteVendor(db: Database, partnerId: number, userId: number, vendorId: number) {
  await findVendorRow(db, partnerId, vendorId);
  await insertFavouriteVendor(db, userId, vendorId);
}

export async function removeFavouriteVendor(db: Database, userId: number, vendorId: number) {
  await deleteFavouriteVendor(db, userId, vendorId);
}

export async function addFavouriteProduct(
  db: Database,
  partnerId: number,
  userId: number,
  productId: number,
) {
  if (!(await hasVisibleProduct(db, partnerId, productId)))
    throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
  await insertFavouriteProduct(db, userId, productId);
}

export async function removeFavouriteProduct(db: Database, userId: number, productId: number) {
  await deleteFavouriteProduct(db, userId, productId);
}
