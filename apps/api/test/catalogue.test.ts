import { endpoints } from "@storefront/domain/contract";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { catalogueSections, localities, partners } from "../src/db/schema.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

// Monday 23 November 2026, 14:00 in Riga.
const NOW = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

interface Product {
  id: number;
  name: string;
  price: number;
  originalPrice: number;
  discount: number;
  discountPrice: number | null;
  available: boolean;
  popular: boolean;
  image: { basePath: string; variants: Array<{ w: number; h: number; n: string }> } | null;
  componentGroups: Array<{
    required: boolean;
    multiSelection: boolean;
    maxCount: number;
    components: unknown[];
  }>;
  nutritionFacts: unknown;
  sectionWorkingHours: { intervals: Array<{ from: string; until: string }> } | null;
}
interface Section {
  id: number;
  name: string;
  order: number;
  products: Product[];
  timeAvailability: { available: boolean };
  workingHours: unknown;
}

async function vendorIds(code: string): Promise<number[]> {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors(code, "size=100")));
  return body.content.map((v: { id: number }) => v.id);
}

async function catalogueOf(id: number, query = ""): Promise<Section[]> {
  const { status, body } = await get(t.app, apiPath(endpoints.vendors.catalogue(id, query)));
  expect(status).toBe(200);
  return body.sections;
}

describe("a vendor's menu", () => {
  it("has ordered sections and at least eight products with prices and pictures", async () => {
    for (const id of (await vendorIds("riga")).slice(0, 5)) {
      const sections = await catalogueOf(id);
      expect(sections.map((s) => s.order)).toEqual([...sections.map((s) => s.order)].sort((a, b) => a - b));
      const products = sections.flatMap((s) => s.products);
      expect(products.length).toBeGreaterThanOrEqual(8);
      for (const product of products) {
        expect(product.price).toBeGreaterThan(0);
        expect(product.image?.variants).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ w: 600, h: 400 }),
            expect.objectContaining({ w: 300, h: 200 }),
          ]),
        );
      }
    }
  });

  it("shows discounts as a lower price beside the original", async () => {
    const products = (await Promise.all((await vendorIds("riga")).slice(0, 10).map((id) => catalogueOf(id))))
      .flat()
      .flatMap((s) => s.products);
    const discounted = products.filter((p) => p.discountPrice !== null);
    expect(discounted.length).toBeGreaterThan(0);
    for (const p of discounted) {
      expect(p.price).toBe(p.discountPrice);
      expect(p.price).toBeLessThan(p.originalPrice);
      expect(p.discount).toBeGreaterThan(0);
    }
    const full = products.filter((p) => p.discountPrice === null);
    expect(full.every((p) => p.discount === 0 && p.price === p.originalPrice)).toBe(true);
  });

  it("offers required single choices and capped multiple choices", async () => {
    const products = (await catalogueOf((await vendorIds("riga"))[0] as number)).flatMap((s) => s.products);
    const groups = products.flatMap((p) => p.componentGroups);
    expect(groups).toContainEqual(
      expect.objectContaining({ required: true, multiSelection: false, maxCount: 1 }),
    );
    const multi = groups.find((g) => g.multiSelection);
    expect(multi?.maxCount).toBeGreaterThan(1);
    expect(multi?.components.length).toBeGreaterThanOrEqual(2);
  });

  it("drops invisible sections and sections left without products", async () => {
    const id = (await vendorIds("kyiv"))[1] as number;
    const before = await catalogueOf(id);
    expect(before.length).toBeGreaterThanOrEqual(2);
    const [hidden, emptied] = before as [Section, Section];
    await t.database.db
      .update(catalogueSections)
      .set({ visible: false })
      .where(eq(catalogueSections.id, hidden.id));
    await t.database.db.execute(sql`update products set visible = false where section_id = ${emptied.id}`);
    // Written behind the API's back, so announced as the ops API would.
    await t.app.services.catalogueInvalidations.announce(catalogueChanges.menu(id));
    const after = await catalogueOf(id);
    expect(after.map((s) => s.id)).not.toContain(hidden.id);
    expect(after.map((s) => s.id)).not.toContain(emptied.id);
    expect(after).toHaveLength(before.length - 2);
  });

  it("sells a section with its own hours only during them", async () => {
    const all = await Promise.all(
      (await vendorIds("riga")).map(async (id) => ({ id, sections: await catalogueOf(id) })),
    );
    const withHours = all.find((v) => v.sections.some((s) => s.workingHours !== null));
    expect(withHours).toBeDefined();
    const section = withHours!.sections.find((s) => s.workingHours !== null) as Section;
    const hours = section.products[0]!.sectionWorkingHours!.intervals[0]!;
    const inside = await catalogueOf(withHours!.id, `?preorderDateTime=2026-11-24T${hours.from}:00`);
    const outside = await catalogueOf(withHours!.id, "?preorderDateTime=2026-11-24T23:45:00");
    const pick = (sections: Section[]) => sections.find((s) => s.id === section.id) as Section;
    expect(pick(inside).products.every((p) => p.available)).toBe(true);
    expect(pick(inside).timeAvailability.available).toBe(true);
    expect(pick(outside).products.every((p) => !p.available)).toBe(true);
    expect(pick(outside).timeAvailability.available).toBe(false);
  });

  it("names products in the reader's language", async () => {
    const id = (await vendorIds("riga"))[0] as number;
    const latvian = await get(t.app, apiPath(endpoints.vendors.catalogue(id)), { "accept-language": "lv" });
    const arabic = await get(t.app, apiPath(endpoints.vendors.catalogue(id)), { "accept-language": "ar" });
    const first = (body: { sections: Section[] }) => body.sections[0]!.products[0]!;
    expect(first(arabic.body).name).toMatch(/[\u0600-\u06FF]/);
    expect(first(latvian.body).name).not.toBe(first(arabic.body).name);
    expect(first(latvian.body)).toHaveProperty("nameI18n.en");
  });
});

describe("GET /api/vendors/{id} and /api/products/{id}", () => {
  it("gives the vendor with its popular products", async () => {
    const id = (await vendorIds("riga"))[0] as number;
    const { status, body } = await get(t.app, apiPath(endpoints.vendors.detail(id)));
    expect(status).toBe(200);
    expect(body.description.length).toBeGreaterThan(10);
    expect(body.popularProducts.length).toBeGreaterThan(0);
    expect(body.popularProducts.every((p: Product) => p.popular)).toBe(true);
    expect(body.avatar.variants.length).toBeGreaterThan(0);
  });

  it("gives one product with its option groups", async () => {
    const id = (await vendorIds("riga"))[0] as number;
    const product = (await catalogueOf(id))
      .flatMap((s) => s.products)
      .find((p) => p.componentGroups.length > 0) as Product;
    const { status, body } = await get(t.app, apiPath(endpoints.products.get(product.id)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: product.id, name: product.name, price: product.price });
    expect(body.componentGroups).toHaveLength(product.componentGroups.length);
  });

  it("answers 404 for products and vendors that do not exist", async () => {
    expect((await get(t.app, apiPath(endpoints.vendors.detail(999999)))).body).toMatchObject({
      status: 404,
      type: "VendorNotFoundException",
    });
    expect((await get(t.app, apiPath(endpoints.products.get(999999)))).body).toMatchObject({
      status: 404,
      type: "ProductNotFoundException",
    });
  });

  it("keeps each partner's vendors to itself", async () => {
    const id = (await vendorIds("riga"))[0] as number;
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
    await t.database.db.insert(partners).values({ ...demo!, id: undefined, code: "other", name: "Other" });
    const other = await get(t.app, apiPath(endpoints.vendors.detail(id)), { "x-partner-code": "other" });
    expect(other.status).toBe(404);
    const [riga] = await t.database.db.select().from(localities).where(eq(localities.code, "riga"));
    const otherCatalogue = await get(t.app, apiPath(endpoints.localities.vendors(riga!.code, "")), {
      "x-partner-code": "other",
    });
    expect(otherCatalogue.status).toBe(404);
  });
});

describe("pictures", () => {
  it("serves real WebP pictures at the size each variant names", async () => {
    const id = (await vendorIds("baghdad"))[0] as number;
    const { body } = await get(t.app, apiPath(endpoints.vendors.detail(id)));
    for (const variant of body.image.variants) {
      const response = await t.app.inject({ method: "GET", url: `${body.image.basePath}/${variant.n}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toContain("immutable");
      const meta = await sharp(response.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([variant.w, variant.h]);
    }
  });
});
