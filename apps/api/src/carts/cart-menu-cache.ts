import { catalogueTags } from "../catalogue/catalogue-tags.ts";
import type { ReadCache } from "../catalogue/read-cache.ts";
import type { Database } from "../db/client.ts";
import { findVendorMenuRows, type MenuIds, type MenuRows } from "./cart-menu-repository.ts";

/** Roughly the bytes a menu row holds in the cache (a product with its texts, an option). */
const ROW_SIZE = 600;

/**
 * The menu rows a cart's lines point at, from the catalogue's read cache: one entry per vendor (its
 * row and whole menu), dropped with the vendor's tag by every write of its row or menu, on every
 * process, as its catalogue answers are. For a cart shown; a change to a cart, an order placed and a
 * payment read the rows from the database.
 */
export function cachedMenuRows(db: Database, cache: ReadCache): (ids: MenuIds) => Promise<MenuRows> {
  const vendorMenu = (vendorId: number) =>
    cache.read<MenuRows>(`cart-menu|${vendorId}`, 0, async () => {
      const rows = await findVendorMenuRows(db, vendorId);
      const count = rows.products.length + rows.groups.length + rows.options.length + 1;
      return { value: rows, tags: [catalogueTags.vendor(vendorId)], size: ROW_SIZE * count };
    });
  return async ({ vendorIds, productIds }) => {
    const menus = await Promise.all(vendorIds.map(vendorMenu));
    const wanted = new Set(productIds);
    const products = menus.flatMap((menu) => menu.products.filter((product) => wanted.has(product.id)));
    const sectionIds = new Set(products.map((product) => product.sectionId));
    const groups = menus.flatMap((menu) => menu.groups.filter((group) => wanted.has(group.productId)));
    const groupIds = new Set(groups.map((group) => group.id));
    return {
      vendors: menus.flatMap((menu) => menu.vendors),
      products,
      sections: menus.flatMap((menu) => menu.sections.filter((section) => sectionIds.has(section.id))),
      groups,
      options: menus.flatMap((menu) => menu.options.filter((option) => groupIds.has(option.groupId))),
    };
  };
}
