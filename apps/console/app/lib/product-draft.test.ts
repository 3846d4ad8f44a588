import type { ConsoleProductDetails } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { draftOf, editingOf, newGroup, refusalOf } from "./product-draft.ts";

const stored: ConsoleProductDetails = {
  id: 7,
  sectionId: 3,
  name: { uk: "Борщ", en: "Borscht" },
  description: {},
  price: 145,
  discountPrice: 120.5,
  weight: 350,
  weightUnit: "ml",
  attributes: ["LIQUID"],
  tags: ["VEGETARIAN"],
  allergens: ["CELERY"],
  spicyLevel: 0,
  nutritionFacts: { calories: 60, proteins: 2, fats: 1.5, carbohydrates: 9 },
  optionGroups: [
    {
      id: 11,
      name: { uk: "Хліб" },
      required: true,
      multiSelection: false,
      maxCount: 1,
      options: [{ id: 21, name: { uk: "Житній" }, price: 0, available: true }],
    },
  ],
  vendor: { id: 1, name: "Зелена Миска", currencyCode: "UAH", lang: "uk" },
  available: true,
  visible: true,
  photo: null,
};

describe("the product editor's draft", () => {
  it("opens a stored product and sends it back as it was, ids kept", () => {
    const { id, vendor, available, visible, photo, ...draft } = stored;
    expect(draftOf(editingOf(stored, null))).toEqual(draft);
  });

  it("starts a new product empty, in the section it was asked for", () => {
    expect(editingOf(null, 3)).toMatchObject({
      sectionId: "3",
      price: "",
      weightUnit: "g",
      optionGroups: [],
    });
    expect(editingOf(null, null).sectionId).toBe("");
  });

  it.each([
    ["an empty discount is none", { discountPrice: " " }, { discountPrice: null }],
    [
      "empty nutrition facts are none",
      { nutrition: { calories: "", proteins: "", fats: "", carbohydrates: "" } },
      { nutritionFacts: null },
    ],
    ["a drink is sold by volume", { liquid: true }, { attributes: ["LIQUID"] }],
    ["numbers are sent as numbers", { price: "99.90", weight: "2" }, { price: 99.9, weight: 2 }],
    ["allergens not stated are sent as such", { allergensStated: false }, { allergens: null }],
    ["no allergen ticked is stated as none", { allergens: [] }, { allergens: [] }],
  ])("%s", (_name, change, expected) => {
    expect(draftOf({ ...editingOf(stored, null), liquid: false, ...change })).toMatchObject(expected);
  });

  it("sends a group of one choice as allowing one, whatever its hidden maximum says; new rows without ids", () => {
    const group = { ...newGroup(), maxCount: "5" };
    const [sent] = draftOf({ ...editingOf(null, 3), optionGroups: [group] }).optionGroups ?? [];
    expect(sent).toMatchObject({ maxCount: 1, multiSelection: false });
    expect(sent).not.toHaveProperty("id");
    expect(sent?.options[0]).not.toHaveProperty("id");
    const several = draftOf({ ...editingOf(null, 3), optionGroups: [{ ...group, multiSelection: true }] });
    expect(several.optionGroups?.[0]?.maxCount).toBe(5);
  });
});

describe("refusalOf", () => {
  it.each([
    ["name.uk", undefined, "menuEditor.error.name"],
    ["optionGroups.0.options.1.name.uk", undefined, "menuEditor.error.name"],
    ["price", undefined, "menus.priceInvalid"],
    ["discountPrice", undefined, "menus.discountInvalid"],
    ["weight", undefined, "menuEditor.error.weight"],
    ["sectionId", undefined, "menuEditor.error.section"],
    ["nutritionFacts.fats", undefined, "menuEditor.error.nutrition"],
    ["optionGroups.2.options.0.price", undefined, "menuEditor.error.optionPrice"],
    ["optionGroups.0.maxCount", undefined, "menuEditor.error.maxCount"],
    ["optionGroups.0.options", "REQUIRED_WITHOUT_CHOICE", "menuEditor.error.requiredChoice"],
    ["optionGroups.0.options", undefined, "menuEditor.error.noOptions"],
    ["somethingElse", undefined, "menuEditor.error.other"],
  ])("%s (%s) is told as %s", (field, code, message) => {
    expect(refusalOf(field, code)).toBe(message);
  });
});
