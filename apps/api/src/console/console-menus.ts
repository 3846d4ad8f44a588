import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { ConsoleMenu } from "@storefront/domain/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { ProductScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { catalogueSections, localities, products, vendors } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** The vendor if the scope may edit it (another partner's or vendor's is as unknown as none). */
async function findScopedVendor(db: Database, scope: ProductScope, vendorId: number) {
  const [found] = await db
    .select({
      id: vendors.id,
      name: vendors.name,
      currencyCode: localities.currencyCode,
      lang: localities.lang,
    })
    .from(vendors)
    .innerJoin(localities, eq(localities.id, vendors.localityId))
    .where(
      and(
        eq(vendors.id, vendorId),
        eq(vendors.partnerId, scope.partnerId),
        scope.vendorIds === null
          ? undefined
          : inArray(vendors.id, scope.vendorIds.length ? scope.vendorIds : [-1]),
      ),
    )
    .limit(1);
  if (!found) throw new AppError(404, "VendorNotFoundException", `Vendor ${vendorId} not found`);
  return found;
}

/**
 * A vendor's whole menu as its staff edit it: every section and product, hidden and sold-out ones
 * too, in the member's language (else the locality's), prices in major units.
 */
export async function readConsoleMenu(
  db: Database,
  scope: ProductScope,
  vendorId: number,
  reader: Locale | null,
): Promise<ConsoleMenu> {
  const vendor = await findScopedVendor(db, scope, vendorId);
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
  return {
    vendor: { id: vendor.id, name: vendor.name, currencyCode: vendor.currencyCode },
    sections: sections.map((section) => ({
      id: section.id,
      name: name(section.name),
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
        })),
    })),
  };
}
