import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { ConsoleMenu } from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import { type ImageStore, smallestVariantPath, thumbnailsOf } from "../catalogue/images.ts";
import type { ProductScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AuditActor, recordAudit } from "./audit-log-repository.ts";
import { findScopedVendor } from "./console-vendors.ts";
import {
  isProductOfScope,
  listVendorProducts,
  listVendorSections,
  lockProductOfScope,
  updateProduct,
} from "./menus-repository.ts";

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
    listVendorSections(db, vendor.id),
    listVendorProducts(db, vendor.id),
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
  if (!(await isProductOfScope(db, scope, productId)))
    throw new AppError(404, "ProductNotFoundException", `Product ${productId} not found`);
}

/**
 * A product of the scope gets a new photo (an image already stored), audited in the same
 * transaction. Answers the product's vendor and the photo's smallest variant.
 */
export async function setProductPhoto(
  db: Database,
  input: { scope: ProductScope; productId: number; imageId: number; actor: AuditActor; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<{ vendorId: number; photo: string }> {
  const { scope } = input;
  const changed = await db.transaction(async (tx) => {
    const product = await lockProductOfScope(tx, scope, input.productId);
    if (!product) throw new AppError(404, "ProductNotFoundException", `Product ${input.productId} not found`);
    const pathOf = await thumbnailsOf(tx, [input.imageId, product.imageId]);
    await updateProduct(tx, product.id, { imageId: input.imageId });
    const photo = pathOf(input.imageId) as string;
    await recordAudit(tx, input.actor, {
      action: "product.photo",
      entity: "product",
      entityId: product.id,
      before: { photo: pathOf(product.imageId) },
      after: { photo },
      at: input.now,
    });
    return { vendorId: product.vendorId, photo };
  });
  // The vendor's menu shows the photo from its next read, on every process.
  await catalogue.announce(catalogueChanges.menu(changed.vendorId));
  return changed;
}
