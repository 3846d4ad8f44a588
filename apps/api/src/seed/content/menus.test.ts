import { dietContradiction } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { LISBOA } from "../second-brand.ts";
import { banners } from "./banners.ts";
import { localities } from "./localities.ts";
import { menus } from "./menus.ts";
import type { I18nText, Lang, MenuTemplate } from "./types.ts";

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

/** The languages the customers of each demo city read (English for visitors everywhere). */
const CITY_LANGUAGES: Record<string, Lang[]> = {
  riga: ["lv", "ru", "en"],
  kyiv: ["uk", "en"],
  baghdad: ["ar", "en"],
  lisboa: ["pt", "en"],
};

/** Every text a customer reads of a menu: its description, sections, dishes, option groups and options. */
function textsOf(menu: MenuTemplate): Array<{ where: string; text: I18nText }> {
  return [
    { where: `${menu.key}: description`, text: menu.description },
    ...menu.sections.flatMap((section) => [
      { where: `${menu.key}: section ${section.name.en}`, text: section.name },
      ...section.products.flatMap((product) => [
        { where: `${menu.key}: ${product.name.en}`, text: product.name },
        { where: `${menu.key}: ${product.name.en} (description)`, text: product.description },
        ...(product.optionGroups ?? []).flatMap((group) => [
          { where: `${menu.key}: ${product.name.en}: ${group.name.en}`, text: group.name },
          ...group.options.map((option) => ({
            where: `${menu.key}: ${product.name.en}: ${option.name.en}`,
            text: option.name,
          })),
        ]),
      ]),
    ]),
  ];
}

describe("demo content in the languages of each city's customers", () => {
  it("knows every demo city's languages", () => {
    expect(Object.keys(CITY_LANGUAGES).sort()).toEqual(
      [...localities, LISBOA].map((city) => city.code).sort(),
    );
  });

  it.each([...localities, LISBOA].map((city) => [city.code, city] as const))(
    "%s: every menu, dish, option and banner reads in the city's languages",
    (code, city) => {
      const languages = CITY_LANGUAGES[code] ?? [];
      const sold = menus.filter((menu) => city.vendors.some((vendor) => vendor.menu === menu.key));
      const texts = [
        ...sold.flatMap(textsOf),
        ...(banners[code] ?? []).map((banner) => ({
          where: `banner ${banner.title.en}`,
          text: banner.title,
        })),
      ];
      const missing = texts.flatMap(({ where, text }) =>
        languages.filter((lang) => !text[lang]).map((lang) => `${where} [${lang}]`),
      );
      expect(missing).toEqual([]);
    },
  );
});
