import type { MenuArrangement } from "@storefront/domain";

/** Where a dragged product lands: in a section, before a product of it (null: at its bottom). */
export interface ProductDrop {
  sectionId: number;
  beforeProductId: number | null;
}

/** The menu's order as the API takes it: each section with its products, top to bottom. */
export function arrangementOf(menu: {
  sections: ReadonlyArray<{ id: number; products: ReadonlyArray<{ id: number }> }>;
}): MenuArrangement {
  return menu.sections.map((section) => ({
    id: section.id,
    productIds: section.products.map((product) => product.id),
  }));
}

/** The arrangement with a product taken out of wherever it is and put where it was dropped. */
export function dropProduct(
  arrangement: MenuArrangement,
  productId: number,
  drop: ProductDrop,
): MenuArrangement {
  if (productId === drop.beforeProductId) return arrangement;
  const without = arrangement.map((section) => ({
    id: section.id,
    productIds: section.productIds.filter((id) => id !== productId),
  }));
  return without.map((section) => {
    if (section.id !== drop.sectionId) return section;
    const productIds = [...section.productIds];
    const at = drop.beforeProductId === null ? -1 : productIds.indexOf(drop.beforeProductId);
    productIds.splice(at === -1 ? productIds.length : at, 0, productId);
    return { id: section.id, productIds };
  });
}

/**
 * A product moved one place up or down by the keyboard: within its section, and from the top of a
 * section to the bottom of the one above (from the bottom, to the top of the one below). Null when
 * it is at the very top or bottom of the menu already.
 */
export function stepProduct(
  arrangement: MenuArrangement,
  productId: number,
  step: -1 | 1,
): MenuArrangement | null {
  const s = arrangement.findIndex((section) => section.productIds.includes(productId));
  const section = arrangement[s];
  if (!section) return null;
  const at = section.productIds.indexOf(productId);
  const next = section.productIds[at + step];
  if (next !== undefined) {
    const beforeProductId = step === -1 ? next : (section.productIds[at + 2] ?? null);
    return dropProduct(arrangement, productId, { sectionId: section.id, beforeProductId });
  }
  const neighbour = arrangement[s + step];
  if (!neighbour) return null;
  const beforeProductId = step === -1 ? null : (neighbour.productIds[0] ?? null);
  return dropProduct(arrangement, productId, { sectionId: neighbour.id, beforeProductId });
}

/** A section moved to another place: before another section (null: to the bottom). */
export function dropSection(
  arrangement: MenuArrangement,
  sectionId: number,
  beforeSectionId: number | null,
): MenuArrangement {
  const moved = arrangement.find((section) => section.id === sectionId);
  if (!moved || sectionId === beforeSectionId) return arrangement;
  const rest = arrangement.filter((section) => section.id !== sectionId);
  const at = beforeSectionId === null ? -1 : rest.findIndex((section) => section.id === beforeSectionId);
  rest.splice(at === -1 ? rest.length : at, 0, moved);
  return rest;
}

/** A section moved one place up or down; null at the top or bottom. */
export function stepSection(
  arrangement: MenuArrangement,
  sectionId: number,
  step: -1 | 1,
): MenuArrangement | null {
  const at = arrangement.findIndex((section) => section.id === sectionId);
  const target = at + step;
  if (at === -1 || target < 0 || target >= arrangement.length) return null;
  const before = step === -1 ? arrangement[target] : arrangement[target + 1];
  return dropSection(arrangement, sectionId, before?.id ?? null);
}
