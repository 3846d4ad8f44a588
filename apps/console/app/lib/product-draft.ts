import type { Allergen, LocalizedText, ProductTag, SpicyLevel, WeightUnit } from "@storefront/domain";
import type { ConsoleProductDetails, ConsoleProductDraft } from "@storefront/domain/contract";
import type { MessageKey } from "./i18n.ts";

/** What the product editor holds while the member types: numbers as typed, each row with a steady key. */
export interface OptionRow {
  key: number;
  id?: number;
  name: LocalizedText;
  price: string;
  available: boolean;
}
export interface GroupRow {
  key: number;
  id?: number;
  name: LocalizedText;
  required: boolean;
  multiSelection: boolean;
  maxCount: string;
  options: OptionRow[];
}
export const NUTRIENTS = ["calories", "proteins", "fats", "carbohydrates"] as const;
export interface ProductEditing {
  sectionId: string;
  name: LocalizedText;
  description: LocalizedText;
  price: string;
  discountPrice: string;
  weight: string;
  weightUnit: WeightUnit;
  liquid: boolean;
  tags: ProductTag[];
  /** Whether the allergens below are stated; until then the storefront says they are not. */
  allergensStated: boolean;
  allergens: Allergen[];
  spicyLevel: SpicyLevel;
  nutrition: Record<(typeof NUTRIENTS)[number], string>;
  optionGroups: GroupRow[];
}

let nextKey = 1;
export const newOption = (): OptionRow => ({ key: nextKey++, name: {}, price: "0", available: true });
export const newGroup = (): GroupRow => ({
  key: nextKey++,
  name: {},
  required: false,
  multiSelection: false,
  maxCount: "1",
  options: [newOption()],
});

const typed = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** The editor's fields for a stored product, or empty ones for a new product of a section. */
export function editingOf(product: ConsoleProductDetails | null, sectionId: number | null): ProductEditing {
  return {
    sectionId: typed(product?.sectionId ?? sectionId),
    name: product?.name ?? {},
    description: product?.description ?? {},
    price: typed(product?.price),
    discountPrice: typed(product?.discountPrice),
    weight: typed(product?.weight),
    weightUnit: product?.weightUnit ?? "g",
    liquid: product?.attributes.includes("LIQUID") ?? false,
    tags: product?.tags ?? [],
    allergensStated: Boolean(product?.allergens),
    allergens: product?.allergens ?? [],
    spicyLevel: product?.spicyLevel ?? 0,
    nutrition: {
      calories: typed(product?.nutritionFacts?.calories),
      proteins: typed(product?.nutritionFacts?.proteins),
      fats: typed(product?.nutritionFacts?.fats),
      carbohydrates: typed(product?.nutritionFacts?.carbohydrates),
    },
    optionGroups: (product?.optionGroups ?? []).map((group) => ({
      key: nextKey++,
      id: group.id,
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: String(group.maxCount),
      options: group.options.map((option) => ({
        key: nextKey++,
        id: option.id,
        name: option.name,
        price: String(option.price),
        available: option.available,
      })),
    })),
  };
}

/**
 * The form as the API takes it: the whole product. An empty discount is none, empty nutrition facts
 * are none, a group of one choice allows one, and kept groups and options keep their ids.
 */
export function draftOf(editing: ProductEditing): ConsoleProductDraft {
  const nutritionGiven = NUTRIENTS.some((key) => editing.nutrition[key].trim() !== "");
  return {
    sectionId: Number(editing.sectionId),
    name: editing.name,
    description: editing.description,
    price: Number(editing.price),
    discountPrice: editing.discountPrice.trim() === "" ? null : Number(editing.discountPrice),
    weight: Number(editing.weight),
    weightUnit: editing.weightUnit,
    attributes: editing.liquid ? ["LIQUID"] : [],
    tags: editing.tags,
    allergens: editing.allergensStated ? editing.allergens : null,
    spicyLevel: editing.spicyLevel,
    nutritionFacts: nutritionGiven
      ? {
          calories: Number(editing.nutrition.calories),
          proteins: Number(editing.nutrition.proteins),
          fats: Number(editing.nutrition.fats),
          carbohydrates: Number(editing.nutrition.carbohydrates),
        }
      : null,
    optionGroups: editing.optionGroups.map((group) => ({
      ...(group.id === undefined ? {} : { id: group.id }),
      name: group.name,
      required: group.required,
      multiSelection: group.multiSelection,
      maxCount: group.multiSelection ? Number(group.maxCount) : 1,
      options: group.options.map((option) => ({
        ...(option.id === undefined ? {} : { id: option.id }),
        name: option.name,
        price: Number(option.price),
        available: option.available,
      })),
    })),
  };
}

/** What to tell the member about the field the API refused (its path, as the inputs' ids are). */
export function refusalOf(field: string, errorCode: string | undefined): MessageKey {
  if (/(^|\.)name\.[a-z]{2}$/.test(field)) return "menuEditor.error.name";
  if (field === "price") return "menus.priceInvalid";
  if (field === "discountPrice") return "menus.discountInvalid";
  if (field === "weight") return "menuEditor.error.weight";
  if (field === "sectionId") return "menuEditor.error.section";
  if (field.startsWith("nutritionFacts")) return "menuEditor.error.nutrition";
  if (field.startsWith("allergens")) return "menuEditor.error.diet";
  if (/\.options\.\d+\.price$/.test(field)) return "menuEditor.error.optionPrice";
  if (field.endsWith(".maxCount")) return "menuEditor.error.maxCount";
  if (field.endsWith(".options"))
    return errorCode === "REQUIRED_WITHOUT_CHOICE"
      ? "menuEditor.error.requiredChoice"
      : "menuEditor.error.noOptions";
  return "menuEditor.error.other";
}
