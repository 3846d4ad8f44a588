import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { ConsoleMenu } from "@storefront/domain/contract";
import { asc, eq } from "drizzle-orm";
import { type ImageStore, smallestVariantPath, thumbnailsOf } from "../catalogue/images.ts";
import { type ProductScope, productOfScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { catalogueSections, products, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log.ts";
import { findScopedVendor } from "./console-vendors.ts";

/**
 * A vendor's whole menu as its staff edit it: every section and product, hidden and sold-out ones
 * too, in the member's language (else the locality's), prices in major units.
 */
export async function readConsoleMenu(
  db: Database,
  scope: ProductScope,
  imageStore: ImageStore,
  vendorId: number,
  reader: Locale | null,
): Promise<ConsoleMenu> {
  const found = await findScopedVendor(db, scope, vendorId);
  const vendor = {
    id: found.vendor.id,
    name: found.vendor.name,
    currencyCode: found.currencyCode,
    lang: found.lang,
  };
  const [sections, rows] = await Promise.all([
    db
      .select()
      .from(catalogueSections)
      .where(eq(catalogueSections.vendorId, vendor.id))
      .orderBy(asc(catalogueSections.sort), asc(catalogueSections.id)),
    db
      .select()
      .from(products)
      .where(eq(products.vendorId, vendor.id))
      .orderBy(asc(products.sort), asc(products.id)),
  ]);
  const name = (text: Parameters<typeof pickText>[0]) => pickText(text, reader, vendor.lang as Locale);
  const imageOf = await imageStore.load(rows.map((row) => row.imageId));
  return {
    vendor: {
      id: vendor.id,
      name: vendor.name,
      currencyCode: vendor.currencyCode,
      lang: vendor.lang as Locale,
    },
    sections: sections.map((section) => ({
      id: section.id,
      name: name(section.name),
      names: section.name,
      visible: section.visible,
      products: rows
        .filter((row) => row.sectionId === section.id)
        .map((row) => ({
          id: row.id,
          name: name(row.name),
          price: toMajorUnits(row.price, vendor.currencyCode),
          discountPrice:
            row.discountPrice === null ? null : toMajorUnits(row.discountPrice, vendor.currencyCode),
          available: row.available,
          visible: row.visible,
          photo: smallestVariantPath(imageOf(row.imageId)),
        })),
    })),
  };
}

/** A 404 unless the product is the scope's: asked before an upload is stored, so an outsider stores nothing. */
export async function checkProductInScope(
  db: Database,
  scope: ProductScope,
  productId: number,
): Promise<void> {
  const [found] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(productOfScope(scope, productId))
    .limit(1);
  if (!found) throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
}

/**
 * A product of the scope gets a new photo (an image already stored), audited in the same
 * transaction. Answers the product's vendor (for the caches) and the photo's smallest variant.
 */
export async function setProductPhoto(
  db: Database,
  input: { scope: ProductScope; productId: number; imageId: number; actor: AuditActor; now: Date },
): Promise<{ vendorId: number; photo: string }> {
  const { scope } = input;
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ product: products })
      .from(products)
      .innerJoin(vendors, eq(vendors.id, products.vendorId))
      .where(productOfScope(scope, input.productId))
      .limit(1)
      .for("update", { of: products });
    if (!found) throw new AppError(404, "ProductNotFoundException", `Product ${input.productId} not found`);
    const pathOf = await thumbnailsOf(tx, [input.imageId, found.product.imageId]);
    await tx.update(products).set({ imageId: input.imageId }).where(eq(products.id, found.product.id));
    const photo = pathOf(input.imageId) as string;
    await recordAudit(tx, input.actor, {
      action: "product.photo",
      entity: "product",
      entityId: found.product.id,
      before: { photo: pathOf(found.product.imageId) },
      after: { photo },
      at: input.now,
    });
    return { vendorId: found.product.vendorId, photo };
  });
}
