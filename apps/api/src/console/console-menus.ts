import { type Locale, pickText, toMajorUnits } from "@storefront/domain";
import type { ConsoleMenu } from "@storefront/domain/contract";
import { asc, eq } from "drizzle-orm";
import type { ProductScope } from "../catalogue/product-changes.ts";
import type { Database } from "../db/client.ts";
import { catalogueSections, products } from "../db/schema.ts";
import { findScopedVendor } from "./console-vendors.ts";

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
