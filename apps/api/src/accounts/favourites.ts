import { type Locale, pickText } from "@storefront/domain";
import type { FavouriteProductsPage, VendorSummary } from "@storefront/domain/contract";
import { and, count, desc, eq } from "drizzle-orm";
import { availabilityClock } from "../catalogue/availability.ts";
import { productPrices, sectionSells } from "../catalogue/catalogue.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import { findVendorRow, loadVendorSummaries, vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import {
  catalogueSections,
  favouriteProducts,
  favouriteVendors,
  localities,
  products,
  vendors,
} from "../db/schema.ts";
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
  const shown = and(
    eq(favouriteProducts.userId, request.userId),
    eq(vendors.partnerId, request.partnerId),
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
      .limit(size)
      .offset((page - 1) * size),
    db
      .select({ n: count() })
      .from(favouriteProducts)
      .innerJoin(products, eq(products.id, favouriteProducts.productId))
      .innerJoin(catalogueSections, eq(catalogueSections.id, products.sectionId))
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .where(shown),
  ]);
  const imageOf = await imageStore.load(rows.map((row) => row.product.imageId));
  const totalElements = total[0]?.n ?? 0;
  return {
    content: rows.map(({ product, vendor, section, locality }) => ({
      id: product.id,
      product: {
        id: product.id,
        vendorId: vendor.id,
        name: pickText(product.name, request.reader, locality.lang as Locale),
        image: imageOf(product.imageId),
        ...productPrices(product, locality.currencyCode),
        available:
          product.available && sectionSells(section, availabilityClock(locality.timeZone, request.now)),
        vendorName: vendor.name,
        localityCode: locality.code,
      },
    })),
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
