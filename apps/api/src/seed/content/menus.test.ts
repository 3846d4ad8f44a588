import { dietContradiction } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { menus } from "./menus.ts";

const products = menus.flatMap((menu) => menu.sections.flatMap((section) => section.products));

describe("demo menus: allergens and spiciness", () => {
  it("has products to check", () => {
    expect(products.length).toBeGreaterThan(0);
  });

  it("no dish called vegan holds milk, eggs, fish or shellfish, no vegetarian one fish or shellfish, no gluten-free one gluten", () => {
    const contradictions = products.flatMap((product) => {
      const found = dietContradiction(product.tags ?? [], product.allergens);
      return found ? [`${product.name.en}: tagged ${found.diet} but holds ${found.allergen}`] : [];
    });
    expect(contradictions).toEqual([]);
  });

  it("every dish marked spicy says how hot it is, and no mild dish has a heat level", () => {
    const mismatches = products.flatMap((product) => {
      const spicy = (product.tags ?? []).includes("SPICY");
      const levelled = product.spicyLevel !== undefined;
      if (spicy === levelled) return [];
      return [
        spicy
          ? `${product.name.en}: tagged SPICY without a spicyLevel`
          : `${product.name.en}: spicyLevel ${product.spicyLevel} without the SPICY tag`,
      ];
    });
    expect(mismatches).toEqual([]);
  });

  it("no dish lists the same allergen twice", () => {
    const repeated = products.flatMap((product) => {
      const twice = product.allergens.filter(
        (allergen, index) => product.allergens.indexOf(allergen) !== index,
      );
      return twice.length > 0 ? [`${product.name.en}: ${twice.join(", ")} listed more than once`] : [];
    });
    expect(repeated).toEqual([]);
  });
});
