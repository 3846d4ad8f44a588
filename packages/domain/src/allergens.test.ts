import { describe, expect, it } from "vitest";
import {
  dietContradiction,
  keepsToFilter,
  type MenuFilter,
  menuFilterFromParams,
  NO_MENU_FILTER,
  withMenuFilter,
} from "./allergens.ts";

const pesto = { tags: ["VEGETARIAN"], allergens: ["GLUTEN", "MILK", "TREE_NUTS"] } as const;
const falafel = { tags: ["VEGAN", "HALAL"], allergens: ["SESAME"] } as const;
const unstated = { tags: ["VEGAN"], allergens: null };
const prawns = { tags: [], allergens: ["CRUSTACEANS"] } as const;

describe("keepsToFilter", () => {
  it.each<[string, MenuFilter, boolean[]]>([
    ["no filter keeps everything", NO_MENU_FILTER, [true, true, true, true]],
    ["without nuts hides the pesto", { without: ["TREE_NUTS"], diets: [] }, [false, true, false, true]],
    ["without milk or sesame", { without: ["MILK", "SESAME"], diets: [] }, [false, false, false, true]],
    [
      "vegetarian keeps the vegan dishes too",
      { without: [], diets: ["VEGETARIAN"] },
      [true, true, true, false],
    ],
    ["vegan and halal", { without: [], diets: ["VEGAN", "HALAL"] }, [false, true, false, false]],
  ])("%s", (_, filter, kept) => {
    expect([pesto, falafel, unstated, prawns].map((product) => keepsToFilter(product, filter))).toEqual(kept);
  });

  it("hides a dish whose allergens are not stated once an allergen is left out", () => {
    expect(keepsToFilter(unstated, { without: ["PEANUTS"], diets: [] })).toBe(false);
    expect(keepsToFilter(unstated, { without: [], diets: ["VEGAN"] })).toBe(true);
  });
});

describe("dietContradiction", () => {
  it.each([
    [["VEGAN"], ["MILK"], { diet: "VEGAN", allergen: "MILK" }],
    [["VEGETARIAN"], ["EGGS", "MOLLUSCS"], { diet: "VEGETARIAN", allergen: "MOLLUSCS" }],
    [["GLUTEN_FREE", "HALAL"], ["GLUTEN"], { diet: "GLUTEN_FREE", allergen: "GLUTEN" }],
    [["VEGETARIAN"], ["EGGS", "MILK"], null],
    [["VEGAN"], null, null],
    [["SPICY"], ["FISH"], null],
  ] as const)("%o with %o", (tags, allergens, contradiction) => {
    expect(dietContradiction(tags, allergens)).toEqual(contradiction);
  });
});

describe("the filter in the address", () => {
  it("reads known words only, and writes them in a fixed order", () => {
    const params = new URLSearchParams("modal=x&without=TREE_NUTS&without=SHOES&without=PEANUTS&diet=VEGAN");
    const filter = menuFilterFromParams(params);
    expect(filter).toEqual({ without: ["PEANUTS", "TREE_NUTS"], diets: ["VEGAN"] });
    expect(withMenuFilter(new URLSearchParams("modal=x"), filter).toString()).toBe(
      "modal=x&without=PEANUTS&without=TREE_NUTS&diet=VEGAN",
    );
    expect(withMenuFilter(params, NO_MENU_FILTER).toString()).toBe("modal=x");
  });
});
