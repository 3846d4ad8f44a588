import { devEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { addRating } from "../src/reviews/review-rules.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { completeOrder, placeOrderIn } from "./completed-orders.ts";
import { DEMO, DEMO_SECRETS, get, startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";
import { addOpsKey, addPartner, customer, ops } from "./order-helpers.ts";
import { apiPath, devPath, opsPath } from "./paths.ts";

// Monday 23 November 2026 in Riga (UTC+2); each test sets the hour it needs.
const rigaTime = (time: string) => new Date(`2026-11-23T${time}+02:00`);
let now = rigaTime("14:00:00");
let t: TestApp;
/** The Redis channels of this file's two processes, one deployment (other files have their own). */
const CHANNELS = `test-catalogue-cache-${process.pid}:`;
beforeAll(async () => {
  t = await startTestApp({ clock: () => now, redisChannelPrefix: CHANNELS });
});
afterAll(() => t.close());

interface Interval {
  day: string;
  from: string;
  until: string;
}
interface Product {
  id: number;
  vendorId: number;
  price: number;
  originalPrice: number;
  discountPrice: number | null;
  available: boolean;
  popular: boolean;
  sectionWorkingHours: { intervals: Interval[] } | null;
}
interface Section {
  id: number;
  timeAvailability: { available: boolean; nextAvailableAt: string | null };
  workingHours: { intervals: Interval[] } | null;
  products: Product[];
}
interface Vendor {
  id: number;
  working: boolean;
  rating: number | null;
  ratingsCount: number;
  timeAvailability: { available: boolean; nextAvailableAt: string | null };
  workingHours: { intervals: Interval[] };
}

const DISPATCH = DEMO_SECRETS.opsKeys.dispatch;
const changeProduct = (key: string | null, id: number | string, change: object) =>
  ops(t.app, key, "PATCH", opsPath(opsEndpoints.changeProduct(id)), change);

async function rigaVendors(): Promise<Vendor[]> {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=100")));
  return body.content;
}
async function menuOf(vendorId: number): Promise<Section[]> {
  const { status, body } = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId)));
  expect(status).toBe(200);
  return body.sections;
}
const productsOf = (sections: Section[]) => sections.flatMap((s) => s.products);

describe("an operator's change of a product", () => {
  it("shows its new price on the very next read of the menu, the product and the vendor's popular products", async () => {
    now = rigaTime("14:00:00");
    const vendorId = (await rigaVendors())[0]!.id;
    const before = await get(t.app, apiPath(endpoints.vendors.detail(vendorId)));
    const popular = before.body.popularProducts[0] as Product;
    const menuBefore = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId)));
    expect((await get(t.app, apiPath(endpoints.products.get(popular.id)))).body.price).toBe(popular.price);

    const newPrice = popular.originalPrice + 1.5;
    const changed = await changeProduct(DISPATCH, popular.id, { price: newPrice, discountPrice: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      id: popular.id,
      vendorId,
      currencyCode: "EUR",
      price: newPrice,
      discountPrice: null,
      available: true,
    });

    const menuAfter = await get(t.app, apiPath(endpoints.vendors.catalogue(vendorId)));
    expect(productsOf(menuAfter.body.sections).find((p) => p.id === popular.id)).toMatchObject({
      price: newPrice,
      originalPrice: newPrice,
      discountPrice: null,
    });
    expect(menuAfter.headers.etag).not.toBe(menuBefore.headers.etag);
    expect((await get(t.app, apiPath(endpoints.products.get(popular.id)))).body.price).toBe(newPrice);
    const after = await get(t.app, apiPath(endpoints.vendors.detail(vendorId)));
    expect(after.body.popularProducts.find((p: Product) => p.id === popular.id).price).toBe(newPrice);
  });

  it("shows a product sold out, and back in stock, at once", async () => {
    now = rigaTime("14:00:00");
    const vendorId = (await rigaVendors())[1]!.id;
    const product = productsOf(await menuOf(vendorId)).find((p) => p.available) as Product;
    expect((await changeProduct(DISPATCH, product.id, { available: false })).status).toBe(200);
    expect(productsOf(await menuOf(vendorId)).find((p) => p.id === product.id)?.available).toBe(false);
    expect((await changeProduct(DISPATCH, product.id, { available: true })).status).toBe(200);
    expect(productsOf(await menuOf(vendorId)).find((p) => p.id === product.id)?.available).toBe(true);
  });

  it("answers a browser's stale ETag with the new menu, and a current one with 304", async () => {
    now = rigaTime("14:00:00");
    const vendorId = (await rigaVendors())[2]!.id;
    const url = apiPath(endpoints.vendors.catalogue(vendorId));
    const first = await get(t.app, url);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = first.headers.etag as string;
    const same = await t.app.inject({ method: "GET", url, headers: { ...DEMO, "if-none-match": etag } });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe("");
    // Behind a proxy that gzipped the answer itself (nginx), the browser holds the ETag made weak,
    // among others: still a 304, with no body.
    const weak = await t.app.inject({
      method: "GET",
      url,
      headers: { ...DEMO, "accept-encoding": "br", "if-none-match": `W/"older", W/${etag}` },
    });
    expect(weak.statusCode).toBe(304);
    expect(weak.body).toBe("");

    const product = productsOf(first.body.sections)[0] as Product;
    await changeProduct(DISPATCH, product.id, { discountPrice: null, price: product.originalPrice + 1 });
    const changed = await t.app.inject({ method: "GET", url, headers: { ...DEMO, "if-none-match": etag } });
    expect(changed.statusCode).toBe(200);
    expect(productsOf(changed.json().sections)[0]?.price).toBe(product.originalPrice + 1);
  });

  it("is refused with a 4xx naming what is wrong", async () => {
    const vendors = await rigaVendors();
    const mine = productsOf(await menuOf(vendors[3]!.id))[0] as Product;
    const theirs = productsOf(await menuOf(vendors[4]!.id))[0] as Product;
    const vendorKey = await addOpsKey(t, { role: "VENDOR", vendorId: mine.vendorId });
    await addPartner(t, "cache-other");
    const otherPartner = await addOpsKey(t, { role: "DISPATCH", partnerCode: "cache-other" });
    const cases: Array<[string, string | null, number | string, object, number, object]> = [
      ["no key", null, mine.id, { price: 5 }, 401, { type: "UnauthorizedException" }],
      ["a courier", DEMO_SECRETS.opsKeys.courier, mine.id, { price: 5 }, 403, { type: "ForbiddenException" }],
      [
        "another vendor's product",
        vendorKey,
        theirs.id,
        { price: 5 },
        404,
        { type: "ProductNotFoundException" },
      ],
      [
        "another partner's key",
        otherPartner,
        mine.id,
        { price: 5 },
        404,
        { type: "ProductNotFoundException" },
      ],
      ["no such product", DISPATCH, 999_999, { price: 5 }, 404, { type: "ProductNotFoundException" }],
      ["a bad id", DISPATCH, "abc", { price: 5 }, 400, { type: "ValidationException" }],
      ["nothing to change", DISPATCH, mine.id, {}, 400, { type: "ValidationException" }],
      ["a negative price", DISPATCH, mine.id, { price: -1 }, 400, { details: [{ field: "price" }] }],
      ["a price as text", DISPATCH, mine.id, { price: "5" }, 400, { details: [{ field: "price" }] }],
      [
        "a fraction of a cent",
        DISPATCH,
        mine.id,
        { price: 5.555 },
        400,
        { errorCode: "NOT_WHOLE_MINOR_UNITS", details: [{ field: "price" }] },
      ],
      [
        "a discount above the price",
        DISPATCH,
        mine.id,
        { price: 5, discountPrice: 6 },
        400,
        { errorCode: "DISCOUNT_NOT_BELOW_PRICE", details: [{ field: "discountPrice" }] },
      ],
    ];
    for (const [name, key, id, change, status, body] of cases) {
      const answer = await changeProduct(key, id, change);
      expect(answer.status, name).toBe(status);
      expect(answer.body, name).toMatchObject(body);
    }
    // Nothing refused changed what customers see; the vendor's own key may change its product.
    expect(productsOf(await menuOf(mine.vendorId)).find((p) => p.id === mine.id)?.price).toBe(mine.price);
    expect((await changeProduct(vendorKey, mine.id, { price: mine.originalPrice + 2 })).status).toBe(200);
  });
});

describe("opening hours across a cached answer", () => {
  it("shows a vendor closed at 09:59 and open at 10:00, in the list and on its page", async () => {
    now = rigaTime("09:59:30");
    const opensAtTen = (await rigaVendors()).find((v) =>
      v.workingHours.intervals.some((i) => i.day === "MONDAY" && i.from === "10:00"),
    ) as Vendor;
    expect(opensAtTen).toBeDefined();
    const listed = async () => (await rigaVendors()).find((v) => v.id === opensAtTen.id) as Vendor;

    expect(await listed()).toMatchObject({
      working: false,
      timeAvailability: { available: false, nextAvailableAt: "2026-11-23T10:00:00" },
    });
    expect((await get(t.app, apiPath(endpoints.vendors.detail(opensAtTen.id)))).body.working).toBe(false);

    now = rigaTime("10:00:00");
    expect(await listed()).toMatchObject({ working: true, timeAvailability: { available: true } });
    expect((await get(t.app, apiPath(endpoints.vendors.detail(opensAtTen.id)))).body.working).toBe(true);

    // And closed again when the clock is set back: an answer holds only for its own minute.
    now = rigaTime("09:59:59");
    expect((await listed()).working).toBe(false);
  });

  it("sells a lunch section's dishes from 12:00, not at 11:59", async () => {
    const withLunch = await (async () => {
      for (const vendor of await rigaVendors()) {
        const section = (await menuOf(vendor.id)).find((s) =>
          s.workingHours?.intervals.some((i) => i.day === "MONDAY" && i.from === "12:00"),
        );
        if (section) return { vendorId: vendor.id, section };
      }
      return null;
    })();
    expect(withLunch).not.toBeNull();
    const { vendorId, section } = withLunch!;
    const lunch = async () => (await menuOf(vendorId)).find((s) => s.id === section.id) as Section;
    const dish = section.products[0] as Product;

    now = rigaTime("11:59:00");
    expect((await lunch()).timeAvailability).toEqual({
      available: false,
      nextAvailableAt: "2026-11-23T12:00:00",
    });
    expect((await lunch()).products.every((p) => !p.available)).toBe(true);
    expect((await get(t.app, apiPath(endpoints.products.get(dish.id)))).body.available).toBe(false);

    now = rigaTime("12:00:00");
    expect((await lunch()).timeAvailability.available).toBe(true);
    expect((await lunch()).products.every((p) => p.available)).toBe(true);
    expect((await get(t.app, apiPath(endpoints.products.get(dish.id)))).body.available).toBe(true);
  });
});

describe("other changes shown at once", () => {
  it("shows a vendor's new rating after a review, on its page and in the list", async () => {
    now = rigaTime("14:00:00");
    const session = (await customer(t)).session;
    const order = await placeOrderIn(t, session);
    await completeOrder(t, order.id, now);
    const vendorId = order.vendorCarts[0].vendorId as number;
    const before = (await rigaVendors()).find((v) => v.id === vendorId) as Vendor;
    expect((await get(t.app, apiPath(endpoints.vendors.detail(vendorId)))).body.ratingsCount).toBe(
      before.ratingsCount,
    );

    const made = await callEndpoint(t.app, endpoints.customer.review(order.id, "vendor"), session, {
      rating: 1,
    });
    expect(made.status).toBe(201);
    const rated = addRating(before, 1);
    const listed = (await rigaVendors()).find((v) => v.id === vendorId) as Vendor;
    expect({ rating: listed.rating, ratingsCount: listed.ratingsCount }).toEqual(rated);
    expect((await get(t.app, apiPath(endpoints.vendors.detail(vendorId)))).body).toMatchObject(rated);
  });

  it("shows a new brand colour in the locality's params at once", async () => {
    const before = await get(t.app, apiPath(endpoints.localities.params("riga")));
    const answer = await t.app.inject({
      method: devEndpoints.theme("demo").method,
      url: devPath(devEndpoints.theme("demo")),
      payload: { brandColour: "#123456" },
    });
    expect(answer.statusCode).toBe(204);
    const after = await get(t.app, apiPath(endpoints.localities.params("riga")));
    expect(after.body.theme.brandColour).toBe("#123456");
    expect(after.body.theme.brandColour).not.toBe(before.body.theme.brandColour);
  });

  it("shows the partner's new information links in the locality's params at once", async () => {
    const answer = await t.app.inject({
      method: devEndpoints.links("demo").method,
      url: devPath(devEndpoints.links("demo")),
      payload: { termsOfUse: "https://legal.example/terms", becomeAVendor: null },
    });
    expect(answer.statusCode).toBe(204);
    const links = (await get(t.app, apiPath(endpoints.localities.params("riga")))).body.publicInfo.links;
    expect(links).toMatchObject({
      termsOfUse: "https://legal.example/terms",
      becomeAVendor: null,
      aboutUs: "/cms/about",
    });
  });

  it.skipIf(!process.env.REDIS_URL)(
    "reaches a second API process sharing the database through Redis",
    async () => {
      now = rigaTime("14:00:00");
      const second = await buildApp({
        config: {
          mediaDir: TEST_MEDIA_DIR,
          logLevel: "silent",
          redisUrl: process.env.REDIS_URL,
          redisChannelPrefix: CHANNELS,
        },
        database: t.database,
        now: () => now,
      });
      await second.ready();
      try {
        const vendorId = (await rigaVendors())[6]!.id;
        const url = apiPath(endpoints.vendors.catalogue(vendorId));
        const priceOnSecond = async (productId: number) =>
          productsOf((await get(second, url)).body.sections).find((p) => p.id === productId)?.price;
        const product = productsOf((await get(second, url)).body.sections)[0] as Product;
        // The second process keeps answers once it hears invalidations; wait until it keeps this one.
        await vi.waitFor(async () => {
          await get(second, url);
          expect(second.services.readCache.stats.entries).toBeGreaterThan(0);
        });

        const newPrice = product.originalPrice + 3;
        await changeProduct(DISPATCH, product.id, { price: newPrice, discountPrice: null });
        await vi.waitFor(async () => expect(await priceOnSecond(product.id)).toBe(newPrice), {
          timeout: 5_000,
        });
      } finally {
        await second.close();
      }
    },
  );
});
