import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { favouriteProducts, localities, partners, vendors } from "../src/db/schema.ts";
import { DEMO, get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const send = (endpoint: Endpoint, cookie: string, headers: Record<string, string> = DEMO) =>
  t.app.inject({ method: endpoint.method, url: apiPath(endpoint), headers: { ...headers, cookie } });
/** The ids of the customer's favourite vendors and products. */
const IDS = apiPath(endpoints.customer.favourites());
/** Marks a vendor or a product as a favourite (POST), or unmarks it (DELETE). */
const mark = (kind: "vendors" | "products", id: number) => endpoints.customer.favourite(kind, id, true);
const unmark = (kind: "vendors" | "products", id: number) => endpoints.customer.favourite(kind, id, false);

async function vendorIds(code: string, count: number): Promise<number[]> {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors(code, "size=100")));
  return body.content.slice(0, count).map((v: { id: number }) => v.id);
}

describe("favourite vendors", () => {
  const LIST = apiPath(endpoints.customer.favouriteVendors());
  it("marks vendors of several localities and lists them newest first with their cards", async () => {
    const { cookie } = await signInCustomer(t.app);
    const [riga] = await vendorIds("riga", 1);
    const [kyiv] = await vendorIds("kyiv", 1);
    expect((await send(mark("vendors", riga!), cookie)).statusCode).toBe(204);
    expect((await send(mark("vendors", kyiv!), cookie)).statusCode).toBe(204);
    // Marking twice changes nothing.
    expect((await send(mark("vendors", riga!), cookie)).statusCode).toBe(204);

    const { body } = await get(t.app, LIST, { cookie });
    expect(body).toMatchObject({ totalElements: 2, totalPages: 1, page: 1, size: 30 });
    expect(body.content.map((f: { id: number }) => f.id)).toEqual([kyiv, riga]);
    expect(body.content[0].vendor).toMatchObject({ id: kyiv, localityCode: "kyiv", currencyCode: "UAH" });
    expect(body.content[1].vendor).toMatchObject({ id: riga, localityCode: "riga", currencyCode: "EUR" });

    const ids = await get(t.app, IDS, { cookie });
    expect(ids.body.vendors.map((v: { id: number }) => v.id).sort()).toEqual([riga, kyiv].sort());

    expect((await send(unmark("vendors", riga!), cookie)).statusCode).toBe(204);
    expect((await get(t.app, LIST, { cookie })).body.totalElements).toBe(1);
  });

  it("pages 35 favourites by 30", async () => {
    const { cookie } = await signInCustomer(t.app);
    for (const id of await vendorIds("riga", 35)) await send(mark("vendors", id), cookie);
    const first = await get(t.app, LIST, { cookie });
    const second = await get(t.app, apiPath(endpoints.customer.favouriteVendors(2)), { cookie });
    expect(first.body).toMatchObject({ totalElements: 35, totalPages: 2 });
    expect(first.body.content).toHaveLength(30);
    expect(second.body.content).toHaveLength(5);
  });

  it("keeps each customer's favourites to themselves", async () => {
    const anna = await signInCustomer(t.app);
    const janis = await signInCustomer(t.app);
    const [id] = await vendorIds("riga", 1);
    await send(mark("vendors", id!), anna.cookie);
    expect((await get(t.app, LIST, { cookie: janis.cookie })).body.totalElements).toBe(0);
    // Jānis removing Anna's favourite removes nothing of hers.
    await send(unmark("vendors", id!), janis.cookie);
    expect((await get(t.app, LIST, { cookie: anna.cookie })).body.totalElements).toBe(1);
  });

  it("refuses another partner's vendors and unknown ones, and anonymous visitors", async () => {
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
    const [other] = await t.database.db
      .insert(partners)
      .values({ ...demo!, id: undefined, code: "elsewhere", name: "Elsewhere", defaultLocalityCode: null })
      .returning();
    const [riga] = await t.database.db.select().from(localities).where(eq(localities.code, "riga"));
    const [theirs] = await t.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.localityId, riga!.id))
      .limit(1);
    const { cookie } = await signInCustomer(t.app, other!.code);
    const foreign = await send(mark("vendors", theirs!.id), cookie, {
      "x-partner-code": "elsewhere",
    });
    expect(foreign.statusCode).toBe(404);
    const mine = await signInCustomer(t.app);
    expect((await send(mark("vendors", 999999), mine.cookie)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: apiPath(mark("vendors", theirs!.id)),
          headers: DEMO,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe("favourite products", () => {
  it("marks and unmarks a product", async () => {
    const { cookie } = await signInCustomer(t.app);
    const [vendor] = await vendorIds("riga", 1);
    const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendor!)));
    const product = body.sections[0].products[0].id;
    expect((await send(mark("products", product), cookie)).statusCode).toBe(204);
    expect((await get(t.app, IDS, { cookie })).body.products).toEqual([{ id: product }]);
    await send(unmark("products", product), cookie);
    expect((await get(t.app, IDS, { cookie })).body.products).toEqual([]);
  });
});

describe("the favourite products list", () => {
  const LIST = apiPath(endpoints.customer.favouriteProducts());
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
  async function menuOf(vendorId: number, lang = "en"): Promise<any[]> {
    const { body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId)), {
      "accept-language": lang,
    });
    return body.sections.flatMap((s: { products: unknown[] }) => s.products);
  }
  const CARD_FIELDS = [
    "id",
    "vendorId",
    "name",
    "image",
    "price",
    "originalPrice",
    "discount",
    "discountPrice",
    "prices",
    "available",
  ] as const;
  const cardFields = (product: Record<string, unknown>) =>
    Object.fromEntries(CARD_FIELDS.map((field) => [field, product[field]]));

  it("lists them newest first, each as the reader's menu shows it, with its vendor", async () => {
    const { cookie } = await signInCustomer(t.app);
    const [riga] = await vendorIds("riga", 1);
    const [kyiv] = await vendorIds("kyiv", 1);
    const rigaMenu = await menuOf(riga!, "lv");
    const kyivMenu = await menuOf(kyiv!, "lv");
    const discounted = rigaMenu.find((p) => p.discount > 0) ?? rigaMenu[1];
    const marked = [rigaMenu[0], kyivMenu[0], discounted];
    for (const product of marked)
      expect((await send(mark("products", product.id), cookie)).statusCode).toBe(204);

    const { status, body } = await get(t.app, LIST, { cookie, "accept-language": "lv" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalElements: 3, totalPages: 1, page: 1, size: 30 });
    expect(body.content.map((f: { id: number }) => f.id)).toEqual(marked.map((p) => p.id).reverse());
    const [newest, middle] = body.content;
    expect(newest.product).toMatchObject({ ...cardFields(discounted), localityCode: "riga" });
    expect(newest.product.discount).toBeGreaterThan(0);
    expect(newest.product.image.variants.length).toBeGreaterThan(1);
    expect(middle.product).toMatchObject({ ...cardFields(kyivMenu[0]), localityCode: "kyiv" });
    expect(middle.product.prices.currencyCode).toBe("UAH");
    const vendor = await get(t.app, apiPath(endpoints.vendors.detail(kyiv!)));
    expect(middle.product.vendorName).toBe(vendor.body.name);

    // Another reader's language names the same products in it.
    const english = await get(t.app, LIST, { cookie, "accept-language": "en" });
    expect(english.body.content[1].product.name).toBe((await menuOf(kyiv!, "en"))[0].name);
    expect(english.body.content[1].product.name).not.toBe(middle.product.name);
  });

  it("pages 35 favourites by 30", async () => {
    const { cookie } = await signInCustomer(t.app);
    const ids: number[] = [];
    for (const vendor of await vendorIds("riga", 10)) {
      if (ids.length >= 35) break;
      ids.push(...(await menuOf(vendor)).map((p) => p.id).slice(0, 35 - ids.length));
    }
    expect(ids).toHaveLength(35);
    for (const id of ids) await send(mark("products", id), cookie);
    const first = await get(t.app, LIST, { cookie });
    const second = await get(t.app, apiPath(endpoints.customer.favouriteProducts(2)), { cookie });
    expect(first.body).toMatchObject({ totalElements: 35, totalPages: 2, size: 30 });
    expect(first.body.content).toHaveLength(30);
    expect(second.body.content).toHaveLength(5);
    expect(second.body.content.at(-1).id).toBe(ids[0]);
  });

  it("shows a customer none of another's favourites, and an anonymous visitor is refused", async () => {
    const anna = await signInCustomer(t.app);
    const janis = await signInCustomer(t.app);
    const [vendor] = await vendorIds("riga", 1);
    const [product] = await menuOf(vendor!);
    await send(mark("products", product.id), anna.cookie);
    expect((await get(t.app, LIST, { cookie: anna.cookie })).body.totalElements).toBe(1);
    expect((await get(t.app, LIST, { cookie: janis.cookie })).body).toMatchObject({
      content: [],
      totalElements: 0,
      totalPages: 0,
    });
    expect((await get(t.app, LIST)).status).toBe(401);
  });

  it("shows only the partner's own products", async () => {
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
    const [other] = await t.database.db
      .insert(partners)
      .values({ ...demo!, id: undefined, code: "other-menu", name: "Other", defaultLocalityCode: null })
      .returning();
    const { cookie } = await signInCustomer(t.app, other!.code);
    const headers = { cookie, "x-partner-code": other!.code };
    const me = await get(t.app, apiPath(endpoints.customer.me()), headers);
    const [vendor] = await vendorIds("riga", 1);
    const [product] = await menuOf(vendor!);
    // The API refuses to mark the demo's product for this partner's customer; a stray row stays hidden.
    await t.database.db.insert(favouriteProducts).values({ userId: me.body.id, productId: product.id });
    expect((await get(t.app, LIST, headers)).body.totalElements).toBe(0);
  });
});
