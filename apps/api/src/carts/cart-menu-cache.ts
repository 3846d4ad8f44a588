import { catalogueTags } from "../catalogue/catalogue-tags.ts";
import type { ReadCache } from "../catalogue/read-cache.ts";
import type { Database } from "../db/client.ts";
import {
  findMenuRows,
  type MenuIds,
  type MenuRows,
  type OptionGroupRow,
  type OptionRow,
  type ProductRow,
  type SectionRow,
  type VendorRow,
} from "./cart-menu-repository.ts";

/** A product's rows as a cart reads them: the product, its section, its option groups and options. */
interface ProductRows {
  product: ProductRow;
  section: SectionRow | null;
  groups: OptionGroupRow[];
  options: OptionRow[];
}

/** Roughly the bytes a menu row holds in the cache (a product with its texts, an option). */
const ROW_SIZE = 600;
/** Clock-free rows: they hold at any time. */
const ANY_TIME = 0;

const vendorKey = (vendorId: number) => `cart-vendor|${vendorId}`;
const productKey = (productId: number) => `cart-product|${productId}`;

/**
 * The menu rows a cart's lines point at, from the catalogue's read cache: a vendor's row and each
 * product's rows (with its section and options) under the vendor's tag, which every write of its row
 * or menu invalidates on every process, as it does its catalogue answers. What is not kept is read
 * from the database in one go, for the cart's missing rows only. For a cart shown; a change to a
 * cart, an order placed and a payment read the rows from the database (decision 0185).
 */
export function cachedMenuRows(db: Database, cache: ReadCache): (ids: MenuIds) => Promise<MenuRows> {
  return async ({ vendorIds, productIds }) => {
    const mark = cache.mark();
    const vendors = new Map<number, VendorRow>();
    const products = new Map<number, ProductRows>();
    for (const id of vendorIds) {
      const kept = cache.peek<VendorRow>(vendorKey(id), ANY_TIME);
      if (kept) vendors.set(id, kept);
    }
    for (const id of productIds) {
      const kept = cache.peek<ProductRows>(productKey(id), ANY_TIME);
      if (kept) products.set(id, kept);
    }
    const missing = {
      vendorIds: vendorIds.filter((id) => !vendors.has(id)),
      productIds: productIds.filter((id) => !products.has(id)),
    };
    if (missing.vendorIds.length > 0 || missing.productIds.length > 0) {
      const read = await findMenuRows(db, missing);
      for (const vendor of read.vendors) {
        vendors.set(vendor.id, vendor);
        const tags = [catalogueTags.vendor(vendor.id)];
        cache.keep(vendorKey(vendor.id), ANY_TIME, { value: vendor, tags, size: ROW_SIZE }, mark);
      }
      for (const product of read.products) {
        const groups = read.groups.filter((group) => group.productId === product.id);
        const rows: ProductRows = {
          product,
          section: read.sections.find((section) => section.id === product.sectionId) ?? null,
          groups,
          options: read.options.filter((option) => groups.some((group) => group.id === option.groupId)),
        };
        products.set(product.id, rows);
        const size = ROW_SIZE * (2 + groups.length + rows.options.length);
        const tags = [catalogueTags.vendor(product.vendorId)];
        cache.keep(productKey(product.id), ANY_TIME, { value: rows, tags, size }, mark);
      }
    }
    const kept = [...products.values()];
    const sections = new Map<number, SectionRow>();
    for (const { section } of kept) if (section) sections.set(section.id, section);
    return {
      vendors: [...vendors.values()],
      products: kept.map((rows) => rows.product),
      sections: [...sections.values()],
      groups: kept.flatMap((rows) => rows.groups),
      options: kept.flatMap((rows) => rows.options),
    };
  };
}
