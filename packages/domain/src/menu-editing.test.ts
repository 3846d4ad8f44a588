import { describe, expect, it } from "vitest";
import {
  arrangementProblem,
  checkProductDraft,
  checkSectionName,
  type ProductDraft,
} from "./menu-editing.ts";

const vendor = { lang: "lv", currencyCode: "EUR" } as const;

const draft: ProductDraft = {
  sectionId: 4,
  name: { lv: " Zupa ", en: "Soup", fr: "  " },
  description: {},
  price: 6.5,
  discountPrice: null,
  weight: 350,
  weightUnit: "ml",
  attributes: ["LIQUID", "LIQUID"],
  tags: ["VEGAN"],
  allergens: ["CELERY"],
  spicyLevel: 0,
  nutritionFacts: null,
  optionGroups: [
    {
      id: 9,
      name: { lv: "Maize" },
      required: true,
      multiSelection: false,
      maxCount: 3,
      options: [
        { id: 10, name: { lv: "Rudzu" }, price: 0, available: true },
        { name: { lv: "Baltmaize" }, price: 0.4, available: false },
      ],
    },
  ],
};

const group = draft.optionGroups[0] as ProductDraft["optionGroups"][number];

describe("checkProductDraft", () => {
  it("stores amounts in minor units, trims texts and drops blank languages", () => {
    const result = checkProductDraft(draft, vendor);
    expect(result).toMatchObject({
      ok: true,
      product: {
        name: { lv: "Zupa", en: "Soup" },
        price: 650,
        attributes: ["LIQUID"],
        optionGroups: [
          {
            id: 9,
            maxCount: 1,
            options: [
              { id: 10, price: 0 },
              { name: { lv: "Baltmaize" }, price: 40, available: false },
            ],
          },
        ],
      },
    });
    if (result.ok) expect(result.product.name).not.toHaveProperty("fr");
  });

  it.each([
    [{ name: { en: "Soup" } }, "name.lv", "TEXT_MISSING"],
    [{ price: 6.505 }, "price", "NOT_WHOLE_MINOR_UNITS"],
    [{ price: 0 }, "price", "NOT_WHOLE_MINOR_UNITS"],
    [{ discountPrice: 6.5 }, "discountPrice", "DISCOUNT_NOT_BELOW_PRICE"],
    [{ discountPrice: 0 }, "discountPrice", "NOT_WHOLE_MINOR_UNITS"],
    [{ weight: 1.5, weightUnit: "pcs" }, "weight", "NOT_WHOLE_PIECES"],
    [{ optionGroups: [{ ...group, name: { lv: " " } }] }, "optionGroups.0.name.lv", "TEXT_MISSING"],
    [
      { optionGroups: [{ ...group, multiSelection: true, maxCount: 1 }] },
      "optionGroups.0.maxCount",
      "MULTI_SELECTION_MAX",
    ],
    [
      { optionGroups: [{ ...group, options: [{ name: { lv: "Rudzu" }, price: -1, available: true }] }] },
      "optionGroups.0.options.0.price",
      "NOT_WHOLE_MINOR_UNITS",
    ],
    [
      { optionGroups: [{ ...group, options: [{ name: { lv: "Rudzu" }, price: 0, available: false }] }] },
      "optionGroups.0.options",
      "REQUIRED_WITHOUT_CHOICE",
    ],
    [{ allergens: ["CELERY", "MILK"] }, "allergens.1", "DIET_CONTRADICTED"],
    [{ tags: ["GLUTEN_FREE"], allergens: ["GLUTEN"] }, "allergens.0", "DIET_CONTRADICTED"],
  ] as const)("refuses %o at %s", (change, field, refusal) => {
    expect(checkProductDraft({ ...draft, ...(change as Partial<ProductDraft>) }, vendor)).toEqual({
      ok: false,
      field,
      refusal,
    });
  });

  it("lets an optional group have all its options sold out, and a multi-selection allow several", () => {
    const optional = { ...group, required: false, multiSelection: true, maxCount: 2 };
    const result = checkProductDraft({ ...draft, optionGroups: [optional] }, vendor);
    expect(result).toMatchObject({ ok: true, product: { optionGroups: [{ maxCount: 2 }] } });
  });

  it("tags a dish spicy exactly when it has a spicy level", () => {
    const hot = checkProductDraft({ ...draft, spicyLevel: 2 }, vendor);
    expect(hot).toMatchObject({ ok: true, product: { tags: ["VEGAN", "SPICY"], spicyLevel: 2 } });
    const mild = checkProductDraft({ ...draft, tags: ["SPICY", "VEGAN"], spicyLevel: 0 }, vendor);
    expect(mild).toMatchObject({ ok: true, product: { tags: ["VEGAN"], spicyLevel: 0 } });
  });

  it("keeps allergens not stated apart from none", () => {
    expect(checkProductDraft({ ...draft, allergens: null }, vendor)).toMatchObject({
      ok: true,
      product: { allergens: null },
    });
    expect(checkProductDraft({ ...draft, allergens: [] }, vendor)).toMatchObject({
      ok: true,
      product: { allergens: [] },
    });
  });
});

describe("checkSectionName", () => {
  it("needs the vendor's language", () => {
    expect(checkSectionName({ en: "Soups" }, "lv")).toEqual({
      ok: false,
      field: "name.lv",
      refusal: "TEXT_MISSING",
    });
    expect(checkSectionName({ lv: "Zupas ", en: "" }, "lv")).toEqual({ ok: true, name: { lv: "Zupas" } });
  });
});

describe("arrangementProblem", () => {
  const menu = { sectionIds: [1, 2], productIds: [10, 11, 12] };
  it.each([
    [
      [
        { id: 2, productIds: [12] },
        { id: 1, productIds: [11, 10] },
      ],
      null,
    ],
    [
      [
        { id: 1, productIds: [] },
        { id: 2, productIds: [10, 11, 12] },
      ],
      null,
    ],
    [[{ id: 1, productIds: [10, 11, 12] }], "SECTIONS_DIFFER"],
    [
      [
        { id: 1, productIds: [10, 11, 12] },
        { id: 1, productIds: [] },
      ],
      "SECTIONS_DIFFER",
    ],
    [
      [
        { id: 1, productIds: [10, 11] },
        { id: 3, productIds: [12] },
      ],
      "SECTIONS_DIFFER",
    ],
    [
      [
        { id: 1, productIds: [10, 11] },
        { id: 2, productIds: [] },
      ],
      "PRODUCTS_DIFFER",
    ],
    [
      [
        { id: 1, productIds: [10, 11, 12] },
        { id: 2, productIds: [12] },
      ],
      "PRODUCTS_DIFFER",
    ],
    [
      [
        { id: 1, productIds: [10, 11, 99] },
        { id: 2, productIds: [] },
      ],
      "PRODUCTS_DIFFER",
    ],
  ])("%j: %s", (arrangement, problem) => {
    expect(arrangementProblem(arrangement, menu)).toBe(problem);
  });
});
