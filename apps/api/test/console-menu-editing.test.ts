import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, type OpenVendor, openRestaurants } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { consolePath } from "./paths.ts";

let t: TestApp;
let kitchen: OpenVendor;
let otherKitchen: OpenVendor;
const staff = { owner: "", manager: "", dispatcher: "", otherKitchen: "" };

interface CatalogueSection {
  id: number;
  name: string;
  products: Array<{
    id: number;
    name: string;
    nameI18n: Record<string, string>;
    price: number;
    weightUnit: string;
    tags: string[];
    componentGroups: Array<{
      id: number;
      name: string;
      required: boolean;
      multiSelection: boolean;
      maxCount: number;
      components: Array<{ id: number; name: string; price: number }>;
    }>;
  }>;
}

/** The vendor's menu as a customer reads it, in English. */
async function storefrontMenu(vendorId: number): Promise<CatalogueSection[]> {
  const answer = await callEndpoint(t.app, endpoints.vendors.catalogue(vendorId), null, undefined, {
    "accept-language": "en",
  });
  expect(answer.status).toBe(200);
  return answer.body.sections;
}

/** The dishes Riga's search finds for what a customer types, by id. */
async function dishesFound(q: string): Promise<number[]> {
  const found = await callEndpoint(t.app, endpoints.localities.searchResults("riga", { q }), null);
  expect(found.status).toBe(200);
  return found.body.dishes.map((dish: { id: number }) => dish.id);
}

const soup = (sectionId: number) => ({
  sectionId,
  name: { lv: "Biešu zupa", en: "Beetroot soup" },
  description: { en: "With dill and sour cream." },
  price: 6.4,
  weight: 350,
  weightUnit: "ml",
  attributes: ["LIQUID"],
  tags: ["VEGETARIAN"],
  nutritionFacts: { calories: 60, proteins: 2, fats: 3, carbohydrates: 7 },
  optionGroups: [
    {
      name: { lv: "Maize", en: "Bread" },
      required: true,
      options: [
        { name: { lv: "Rudzu maize", en: "Rye bread" }, price: 0 },
        { name: { lv: "Baltmaize", en: "White bread" }, price: 0.5 },
      ],
    },
  ],
});

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-23T12:00:00Z") });
  [kitchen, otherKitchen] = (await openRestaurants(t.app, 2)) as [OpenVendor, OpenVendor];
  staff.owner = await staffSession(t, "OWNER", "owner@menu-editing.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@menu-editing.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@menu-editing.example");
  staff.otherKitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@menu-editing.example", {
    vendorIds: [otherKitchen.id],
  });
});
afterAll(() => t.close());

/** Riga's vendors whose menu has beetroot. */
const BEETROOT_SEARCH = endpoints.localities.vendors("riga", "searchString=biešu");
/** Riga's dishes a customer finds by typing "biesu zupa". */
const DISH_SEARCH = endpoints.localities.searchResults("riga", { q: "biesu zupa" });
const STALE_DISH_SEARCH = endpoints.localities.searchResults("riga", { q: "biesu" });

describe("a menu built in the console", () => {
  it("gains a section and a product with options, which customers see and find on their next read", async () => {
    await storefrontMenu(kitchen.id); // read, and cached, before the change
    const section = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addSection(kitchen.id), {
      name: { lv: "Zupas", en: "Soups" },
    });
    expect(section.status, JSON.stringify(section.body)).toBe(201);
    const made = await consoleEndpointCall(
      t,
      staff.manager,
      consoleEndpoints.addProduct(kitchen.id),
      soup(section.body.id),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      vendor: { id: kitchen.id, lang: "lv" },
      name: { lv: "Biešu zupa", en: "Beetroot soup" },
      price: 6.4,
      visible: true,
      optionGroups: [
        { required: true, multiSelection: false, maxCount: 1, options: [{ price: 0 }, { price: 0.5 }] },
      ],
    });

    const sections = await storefrontMenu(kitchen.id);
    const last = sections.at(-1) as CatalogueSection;
    expect(last.name).toBe("Soups");
    expect(last.products).toHaveLength(1);
    expect(last.products[0]).toMatchObject({
      name: "Beetroot soup",
      price: 6.4,
      weightUnit: "ml",
      tags: ["VEGETARIAN"],
      componentGroups: [
        {
          name: "Bread",
          required: true,
          components: [
            { name: "Rye bread", price: 0 },
            { name: "White bread", price: 0.5 },
          ],
        },
      ],
    });

    const found = await callEndpoint(t.app, BEETROOT_SEARCH, null);
    expect(found.body.content.map((v: { id: number }) => v.id)).toContain(kitchen.id);
    // The dish itself, typed without its diacritics.
    expect((await callEndpoint(t.app, DISH_SEARCH, null)).body.dishes).toContainEqual(
      expect.objectContaining({ id: made.body.id, vendorId: kitchen.id }),
    );
  });

  it("edits a product whole: a kept option keeps its id, a new one is added, one left out is gone", async () => {
    const sections = await storefrontMenu(kitchen.id);
    const product = (sections.at(-1) as CatalogueSection).products[0] as CatalogueSection["products"][number];
    const opened = await consoleEndpointCall(t, staff.manager, consoleEndpoints.product(product.id));
    expect(opened.status).toBe(200);
    const [group] = opened.body.optionGroups;
    const [rye] = group.options;
    const edited = await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveProduct(product.id), {
      ...soup(opened.body.sectionId),
      name: { lv: "Aukstā zupa", en: "Cold beetroot soup" },
      optionGroups: [
        {
          id: group.id,
          name: { lv: "Piedevas", en: "Extras" },
          required: false,
          multiSelection: true,
          maxCount: 3,
          options: [
            { id: rye.id, name: { lv: "Rudzu maize", en: "Rye bread" }, price: 0.3 },
            { name: { lv: "Ola", en: "Egg" }, price: 0.8 },
          ],
        },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    const after = (await storefrontMenu(kitchen.id)).at(-1) as CatalogueSection;
    expect(after.products[0]).toMatchObject({
      name: "Cold beetroot soup",
      componentGroups: [
        {
          id: group.id,
          name: "Extras",
          multiSelection: true,
          maxCount: 3,
          components: [
            { id: rye.id, name: "Rye bread", price: 0.3 },
            { name: "Egg", price: 0.8 },
          ],
        },
      ],
    });
    const stale = await callEndpoint(t.app, BEETROOT_SEARCH, null);
    expect(stale.body.content.map((v: { id: number }) => v.id)).not.toContain(kitchen.id);
    // "zupa" still finds the renamed soup; the word it lost does not.
    const staleDishes = (await callEndpoint(t.app, STALE_DISH_SEARCH, null)).body.dishes;
    expect(staleDishes.map((dish: { vendorId: number }) => dish.vendorId)).not.toContain(kitchen.id);
  });

  it("refuses what the storefront could not sell, naming the field", async () => {
    const [section] = await storefrontMenu(kitchen.id);
    const [otherSection] = await storefrontMenu(otherKitchen.id);
    const base = soup((section as CatalogueSection).id);
    const [group] = base.optionGroups as [(typeof base.optionGroups)[number]];
    const product = (section as CatalogueSection).products[0] as { id: number };
    const cases: Array<[object, string]> = [
      [{ ...base, name: { en: "Beetroot soup" } }, "name.lv"],
      [{ ...base, price: 6.405 }, "price"],
      [{ ...base, discountPrice: 7 }, "discountPrice"],
      [{ ...base, weightUnit: "pcs", weight: 1.5 }, "weight"],
      [
        { ...base, optionGroups: [{ ...group, multiSelection: true, maxCount: 1 }] },
        "optionGroups.0.maxCount",
      ],
      [{ ...base, optionGroups: [{ ...group, name: { en: "Bread" } }] }, "optionGroups.0.name.lv"],
      [{ ...base, sectionId: (otherSection as CatalogueSection).id }, "sectionId"],
      [{ ...base, optionGroups: [{ ...group, options: [] }] }, "optionGroups.0.options"],
    ];
    for (const [draft, field] of cases) {
      const answer = await consoleEndpointCall(
        t,
        staff.manager,
        consoleEndpoints.addProduct(kitchen.id),
        draft,
      );
      expect(answer.status, field).toBe(400);
      expect(
        answer.body.details.map((d: { field: string }) => d.field),
        field,
      ).toContain(field);
    }
    // Another product's option group cannot be claimed by id.
    const stolen = await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveProduct(product.id), {
      ...base,
      optionGroups: [{ ...group, id: 999_999 }],
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body.details[0].field).toBe("optionGroups.0.id");
  });

  it("renames and hides a section; customers no longer see a hidden one", async () => {
    const before = await storefrontMenu(kitchen.id);
    const soups = before.at(-1) as CatalogueSection;
    // The section's dishes are found by its name, the new one from the next search.
    const soupIds = soups.products.map((product) => product.id);
    expect(soupIds.length).toBeGreaterThan(0);
    expect(await dishesFound("siltās")).not.toEqual(expect.arrayContaining(soupIds));
    const renamed = await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeSection(soups.id), {
      name: { lv: "Siltās zupas", en: "Warm soups" },
    });
    expect(renamed.status).toBe(200);
    expect((await storefrontMenu(kitchen.id)).at(-1)?.name).toBe("Warm soups");
    expect(await dishesFound("siltās")).toEqual(expect.arrayContaining(soupIds));
    const blank = await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeSection(soups.id), {
      name: { lv: " " },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.details[0].field).toBe("name.lv");
    await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeSection(soups.id), { visible: false });
    expect((await storefrontMenu(kitchen.id)).map((s) => s.id)).not.toContain(soups.id);
    await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeSection(soups.id), { visible: true });
  });

  it("puts sections and products in a new order, moving a product between sections", async () => {
    const { body: menu } = await consoleEndpointCall(t, staff.manager, consoleEndpoints.menu(kitchen.id));
    const arrangement = menu.sections.map((s: { id: number; products: Array<{ id: number }> }) => ({
      id: s.id,
      productIds: s.products.map((p) => p.id),
    }));
    const [first, ...rest] = arrangement;
    const last = rest.at(-1);
    // The last section (the soups) goes to the top, and takes the first section's last product.
    const moved = first.productIds.pop();
    last.productIds.unshift(moved);
    const reordered = [last, first, ...rest.slice(0, -1)];
    const answer = await consoleEndpointCall(t, staff.manager, consoleEndpoints.arrangeMenu(kitchen.id), {
      sections: reordered,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(204);
    const sections = await storefrontMenu(kitchen.id);
    expect(sections[0]?.id).toBe(last.id);
    expect(sections[0]?.products.map((p) => p.id)).toEqual(last.productIds);
    // The moved product is found by its new section's name (the soups', renamed above).
    expect(await dishesFound("siltās")).toContain(moved);

    // A screen that missed a product added meanwhile cannot drop it.
    const stale = await consoleEndpointCall(t, staff.manager, consoleEndpoints.arrangeMenu(kitchen.id), {
      sections: reordered.map((s: { id: number; productIds: number[] }, i: number) =>
        i === 0 ? { ...s, productIds: s.productIds.slice(1) } : s,
      ),
    });
    expect(stale.status).toBe(409);
  });

  it("keeps each member to their own vendors and roles", async () => {
    const [section] = await storefrontMenu(kitchen.id);
    const product = (section as CatalogueSection).products[0] as { id: number };
    const refusals = [
      [consoleEndpoints.product(product.id), undefined],
      [consoleEndpoints.saveProduct(product.id), soup((section as CatalogueSection).id)],
      [consoleEndpoints.addProduct(kitchen.id), soup((section as CatalogueSection).id)],
      [consoleEndpoints.addSection(kitchen.id), { name: { lv: "Svešas" } }],
      [consoleEndpoints.changeSection((section as CatalogueSection).id), { visible: false }],
      [consoleEndpoints.arrangeMenu(kitchen.id), { sections: [] }],
    ] as const;
    for (const [endpoint, payload] of refusals) {
      const asked = `${endpoint.method} ${consolePath(endpoint)}`;
      const other = await consoleEndpointCall(t, staff.otherKitchen, endpoint, payload);
      expect(other.status, asked).toBe(404);
      const dispatcher = await consoleEndpointCall(t, staff.dispatcher, endpoint, payload);
      expect(dispatcher.status, asked).toBe(403);
      const signedOut = await consoleEndpointCall(t, "", endpoint, payload);
      expect(signedOut.status, asked).toBe(401);
    }
    expect((await storefrontMenu(kitchen.id)).map((s) => s.id)).toContain((section as CatalogueSection).id);
  });

  it("writes every change to the owner's audit log with who made it", async () => {
    const { body } = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(50, null));
    const actions = body.entries
      .filter((entry: { staffName: string }) => entry.staffName.includes("manager@menu-editing"))
      .map((entry: { action: string }) => entry.action);
    for (const action of [
      "section.create",
      "product.create",
      "product.edit",
      "section.update",
      "menu.arrange",
    ])
      expect(actions).toContain(action);
    const edit = body.entries.find((entry: { action: string }) => entry.action === "product.edit");
    expect(edit.before.name.lv).toBe("Biešu zupa");
    expect(edit.after.name.lv).toBe("Aukstā zupa");
  });
});

describe("allergens and heat", () => {
  type Facts = { name: string; tags: string[]; allergens: string[] | null; spicyLevel: number };
  const productNamed = async (vendorId: number, name: string) =>
    (await storefrontMenu(vendorId))
      .flatMap((section) => section.products as unknown as Facts[])
      .find((product) => product.name === name);
  const sectionId = async () => (await storefrontMenu(kitchen.id))[0]?.id as number;

  it("every demo dish states its allergens and heat", async () => {
    const products = (await storefrontMenu(otherKitchen.id)).flatMap(
      (section) => section.products as unknown as Facts[],
    );
    expect(products.length).toBeGreaterThan(0);
    for (const product of products) {
      expect(product.allergens, product.name).toEqual(expect.any(Array));
      expect(product.tags.includes("SPICY"), product.name).toBe(product.spicyLevel > 0);
    }
  });

  it("shows customers what the vendor states, the spicy tag following the heat", async () => {
    const made = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addProduct(kitchen.id), {
      ...soup(await sectionId()),
      name: { lv: "Asā zupa", en: "Hot soup" },
      allergens: ["CELERY", "MILK"],
      spicyLevel: 2,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ allergens: ["CELERY", "MILK"], spicyLevel: 2 });
    expect(await productNamed(kitchen.id, "Hot soup")).toMatchObject({
      tags: ["VEGETARIAN", "SPICY"],
      allergens: ["CELERY", "MILK"],
      spicyLevel: 2,
    });

    const milder = await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveProduct(made.body.id), {
      ...soup(made.body.sectionId),
      name: { lv: "Asā zupa", en: "Hot soup" },
      tags: ["VEGETARIAN", "SPICY"],
      allergens: [],
      spicyLevel: 0,
    });
    expect(milder.status, JSON.stringify(milder.body)).toBe(200);
    expect(await productNamed(kitchen.id, "Hot soup")).toMatchObject({
      tags: ["VEGETARIAN"],
      allergens: [],
      spicyLevel: 0,
    });
  });

  it("says a dish's allergens are not stated until the vendor states them", async () => {
    const made = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addProduct(kitchen.id), {
      ...soup(await sectionId()),
      name: { lv: "Noslēpums", en: "Mystery soup" },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(await productNamed(kitchen.id, "Mystery soup")).toMatchObject({ allergens: null });
  });

  it("refuses a diet tag the allergens deny, naming the allergen", async () => {
    const refused = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addProduct(kitchen.id), {
      ...soup(await sectionId()),
      tags: ["VEGAN"],
      allergens: ["CELERY", "MILK"],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: "allergens.1", message: "contradicts a diet tag of the product" },
    ]);
    const unknown = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addProduct(kitchen.id), {
      ...soup(await sectionId()),
      allergens: ["NUTMEG"],
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body.details)).toContain("allergens.0");
  });
});
