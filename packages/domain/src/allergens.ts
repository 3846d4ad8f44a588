/**
 * The fourteen allergens EU Regulation 1169/2011 (Annex II) asks food businesses to declare, in
 * the Annex's order.
 */
export const ALLERGENS = [
  "GLUTEN",
  "CRUSTACEANS",
  "EGGS",
  "FISH",
  "PEANUTS",
  "SOYBEANS",
  "MILK",
  "TREE_NUTS",
  "CELERY",
  "MUSTARD",
  "SESAME",
  "SULPHITES",
  "LUPIN",
  "MOLLUSCS",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The diets a customer can ask the menu to keep to; each is one of the product tags. */
export const DIETS = ["VEGETARIAN", "VEGAN", "HALAL", "GLUTEN_FREE"] as const;
export type Diet = (typeof DIETS)[number];

/** 0 mild, up to 3 very hot. */
export const SPICY_LEVELS = [0, 1, 2, 3] as const;
export type SpicyLevel = (typeof SPICY_LEVELS)[number];

/**
 * The allergens a diet claim rules out: a vegan dish has no milk, eggs, fish or shellfish, a
 * vegetarian one no fish or shellfish, a gluten-free one no gluten.
 */
const RULED_OUT: Record<Diet, readonly Allergen[]> = {
  VEGAN: ["MILK", "EGGS", "FISH", "CRUSTACEANS", "MOLLUSCS"],
  VEGETARIAN: ["FISH", "CRUSTACEANS", "MOLLUSCS"],
  GLUTEN_FREE: ["GLUTEN"],
  HALAL: [],
};

const isDiet = (tag: string): tag is Diet => (DIETS as readonly string[]).includes(tag);

/**
 * The first allergen that contradicts one of the product's diet tags (a "vegan" dish with milk), or
 * null when the tags and the allergens agree. Nothing contradicts allergens that are not stated.
 */
export function dietContradiction(
  tags: readonly string[],
  allergens: readonly Allergen[] | null,
): { diet: Diet; allergen: Allergen } | null {
  for (const diet of tags.filter(isDiet)) {
    const allergen = RULED_OUT[diet].find((ruledOut) => allergens?.includes(ruledOut));
    if (allergen) return { diet, allergen };
  }
  return null;
}

/** What a customer asked the menu to leave out and to keep to. */
export interface MenuFilter {
  /** Hide the items that contain any of these. */
  without: readonly Allergen[];
  /** Show only the items that keep to all of these. */
  diets: readonly Diet[];
}

export const NO_MENU_FILTER: MenuFilter = { without: [], diets: [] };

/** Whether a filter leaves anything out. */
export const filtersMenu = (filter: MenuFilter) => filter.without.length + filter.diets.length > 0;

/**
 * Whether a product stays on the menu under a filter. An item whose allergens its vendor has not
 * stated (null) is hidden as soon as any allergen is to be left out: it may hold that allergen. A
 * vegan item is vegetarian too.
 */
export function keepsToFilter(
  product: { tags: readonly string[]; allergens: readonly Allergen[] | null },
  filter: MenuFilter,
): boolean {
  if (filter.without.length > 0) {
    if (product.allergens === null) return false;
    if (filter.without.some((allergen) => product.allergens?.includes(allergen))) return false;
  }
  return filter.diets.every(
    (diet) => product.tags.includes(diet) || (diet === "VEGETARIAN" && product.tags.includes("VEGAN")),
  );
}

/**
 * Search parameters that carry a filter in the vendor page's address, each word repeated as a
 * form's checkboxes send it (`?without=PEANUTS&without=TREE_NUTS&diet=VEGAN`), so it works without
 * JavaScript and survives a reload.
 */
export const MENU_FILTER_PARAMS = { without: "without", diets: "diet" } as const;

/** The filter an address asks for; unknown words are ignored. */
export function menuFilterFromParams(params: URLSearchParams): MenuFilter {
  const given = (name: string) => params.getAll(name);
  return {
    without: ALLERGENS.filter((allergen) => given(MENU_FILTER_PARAMS.without).includes(allergen)),
    diets: DIETS.filter((diet) => given(MENU_FILTER_PARAMS.diets).includes(diet)),
  };
}

/** The same address with the filter in it (and without it when the filter is empty). */
export function withMenuFilter(params: URLSearchParams, filter: MenuFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(MENU_FILTER_PARAMS.without);
  next.delete(MENU_FILTER_PARAMS.diets);
  for (const allergen of ALLERGENS.filter((known) => filter.without.includes(known)))
    next.append(MENU_FILTER_PARAMS.without, allergen);
  for (const diet of DIETS.filter((known) => filter.diets.includes(known)))
    next.append(MENU_FILTER_PARAMS.diets, diet);
  return next;
}
