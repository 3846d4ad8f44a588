import { type Allergen, dietContradiction, type SpicyLevel } from "./allergens.ts";
import { type Locale, type LocalizedText, SUPPORTED_LOCALES } from "./locales.ts";
import { wholeMinorUnits } from "./money.ts";

/** The tags the storefront names in every language; the console offers these. */
export const PRODUCT_TAGS = [
  "VEGAN",
  "VEGETARIAN",
  "SPICY",
  "NEW",
  "HIT",
  "GLUTEN_FREE",
  "HALAL",
  "KIDS",
] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];

export const WEIGHT_UNITS = ["g", "ml", "pcs"] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** A product as its vendor's staff write it: amounts in major units of the locality's currency. */
export interface ProductDraft {
  sectionId: number;
  name: LocalizedText;
  description: LocalizedText;
  price: number;
  discountPrice: number | null;
  weight: number;
  weightUnit: WeightUnit;
  attributes: Array<"LIQUID">;
  tags: ProductTag[];
  /** null while not stated. */
  allergens: Allergen[] | null;
  spicyLevel: SpicyLevel;
  nutritionFacts: { calories: number; proteins: number; fats: number; carbohydrates: number } | null;
  optionGroups: Array<{
    id?: number | undefined;
    name: LocalizedText;
    required: boolean;
    multiSelection: boolean;
    maxCount: number;
    options: Array<{ id?: number | undefined; name: LocalizedText; price: number; available: boolean }>;
  }>;
}

/** The same product ready to store: amounts in minor units, texts without blank languages. */
export type ProductContent = ProductDraft;

export type ProductDraftRefusal =
  /** No text in the vendor's own language, which the storefront falls back to. */
  | "TEXT_MISSING"
  | "NOT_WHOLE_MINOR_UNITS"
  | "DISCOUNT_NOT_BELOW_PRICE"
  | "NOT_WHOLE_PIECES"
  /** Several may be chosen, so the most that may be chosen is at least two. */
  | "MULTI_SELECTION_MAX"
  /** A required choice whose options are all sold out would make the product unorderable. */
  | "REQUIRED_WITHOUT_CHOICE"
  /** A diet tag the allergens deny: a vegan dish with milk. */
  | "DIET_CONTRADICTED";

export type ProductDraftResult =
  | { ok: true; product: ProductContent }
  | { ok: false; field: string; refusal: ProductDraftRefusal };

/** A text with its blank languages dropped and the others trimmed. */
export function cleanText(text: LocalizedText): LocalizedText {
  const clean: LocalizedText = {};
  for (const locale of SUPPORTED_LOCALES) {
    const value = text[locale]?.trim();
    if (value) clean[locale] = value;
  }
  return clean;
}

class Refused extends Error {
  constructor(
    readonly field: string,
    readonly refusal: ProductDraftRefusal,
  ) {
    super(`${field}: ${refusal}`);
  }
}

/**
 * A product written in the console, checked as a whole: its name and every option group's and
 * option's name in the vendor's language (the storefront's fallback), prices in whole minor units
 * with a discount below the price, pieces counted whole, a multi-selection group allowing two or
 * more (the storefront refuses to add a product whose multi-selection allows one), and a required
 * group with an option to choose. A single-selection group allows one. Its diet tags agree with
 * its allergens, and it is tagged spicy exactly when it has a spicy level.
 */
export function checkProductDraft(
  draft: ProductDraft,
  vendor: { lang: Locale; currencyCode: string },
): ProductDraftResult {
  const named = (text: LocalizedText, field: string) => {
    const clean = cleanText(text);
    if (!clean[vendor.lang]) throw new Refused(`${field}.${vendor.lang}`, "TEXT_MISSING");
    return clean;
  };
  const minor = (major: number, field: string, positive: boolean) => {
    const amount = wholeMinorUnits(major, vendor.currencyCode);
    if (amount === null || (positive && amount === 0)) throw new Refused(field, "NOT_WHOLE_MINOR_UNITS");
    return amount;
  };
  try {
    const name = named(draft.name, "name");
    const price = minor(draft.price, "price", true);
    const discountPrice =
      draft.discountPrice === null ? null : minor(draft.discountPrice, "discountPrice", true);
    if (discountPrice !== null && discountPrice >= price)
      throw new Refused("discountPrice", "DISCOUNT_NOT_BELOW_PRICE");
    if (draft.weightUnit === "pcs" && !Number.isInteger(draft.weight))
      throw new Refused("weight", "NOT_WHOLE_PIECES");
    const allergens = draft.allergens === null ? null : [...new Set(draft.allergens)];
    const contradiction = dietContradiction(draft.tags, allergens);
    if (contradiction) {
      const at = allergens?.indexOf(contradiction.allergen) ?? 0;
      throw new Refused(`allergens.${at}`, "DIET_CONTRADICTED");
    }
    const tags = [...new Set(draft.tags)].filter((tag) => tag !== "SPICY");
    const optionGroups = draft.optionGroups.map((group, g) => {
      const at = `optionGroups.${g}`;
      const groupName = named(group.name, `${at}.name`);
      if (group.multiSelection && group.maxCount < 2)
        throw new Refused(`${at}.maxCount`, "MULTI_SELECTION_MAX");
      const options = group.options.map((option, o) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        name: named(option.name, `${at}.options.${o}.name`),
        price: minor(option.price, `${at}.options.${o}.price`, false),
        available: option.available,
      }));
      if (group.required && !options.some((option) => option.available))
        throw new Refused(`${at}.options`, "REQUIRED_WITHOUT_CHOICE");
      return {
        ...(group.id === undefined ? {} : { id: group.id }),
        name: groupName,
        required: group.required,
        multiSelection: group.multiSelection,
        maxCount: group.multiSelection ? group.maxCount : 1,
        options,
      };
    });
    return {
      ok: true,
      product: {
        sectionId: draft.sectionId,
        name,
        description: cleanText(draft.description),
        price,
        discountPrice,
        weight: draft.weight,
        weightUnit: draft.weightUnit,
        attributes: [...new Set(draft.attributes)],
        tags: draft.spicyLevel > 0 ? [...tags, "SPICY"] : tags,
        allergens,
        spicyLevel: draft.spicyLevel,
        nutritionFacts: draft.nutritionFacts,
        optionGroups,
      },
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, field: error.field, refusal: error.refusal };
    throw error;
  }
}

/** A section's name checked the same way: present in the vendor's language. */
export function checkSectionName(
  name: LocalizedText,
  lang: Locale,
): { ok: true; name: LocalizedText } | { ok: false; field: string; refusal: "TEXT_MISSING" } {
  const clean = cleanText(name);
  return clean[lang]
    ? { ok: true, name: clean }
    : { ok: false, field: `name.${lang}`, refusal: "TEXT_MISSING" };
}

/** A menu's order as the staff arrange it: each section with its products, top to bottom. */
export type MenuArrangement = Array<{ id: number; productIds: number[] }>;

/**
 * Whether an arrangement is a rearrangement of the menu as it is: every section once, every product
 * once (in any section: a product may move to another), and nothing else. Null when it is; else
 * what is wrong with it.
 */
export function arrangementProblem(
  arrangement: MenuArrangement,
  menu: { sectionIds: readonly number[]; productIds: readonly number[] },
): "SECTIONS_DIFFER" | "PRODUCTS_DIFFER" | null {
  const same = (given: number[], known: readonly number[]) =>
    given.length === known.length &&
    new Set(given).size === given.length &&
    given.every((id) => known.includes(id));
  if (
    !same(
      arrangement.map((section) => section.id),
      menu.sectionIds,
    )
  )
    return "SECTIONS_DIFFER";
  if (
    !same(
      arrangement.flatMap((section) => section.productIds),
      menu.productIds,
    )
  )
    return "PRODUCTS_DIFFER";
  return null;
}
