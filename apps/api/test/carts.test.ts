import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, vendors } from "../src/db/schema.ts";
import { DEMO, get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
/** A point in central Riga, inside the delivery zone. */
const RIGA_POINT = { latitude: 56.9496, longitude: 24.1052, formattedAddress: "Brīvības iela 1, Rīga" };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read answers loosely and assert on them
type Answer = { status: number; body: any; cookie: string | null };

async function call(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers: { ...DEMO, ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const setCookie = response.headers["set-cookie"];
  const visitor = [setCookie ?? []].flat().find((c) => c.startsWith("visitor="));
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    cookie: visitor ? (visitor.split(";")[0] as string) : null,
  };
}

interface MenuProduct {
  id: number;
  price: number;
  componentGroups: Array<{
    id: number;
    required: boolean;
    multiSelection: boolean;
    maxCount: number;
    components: Array<{ id: number; price: number; available: boolean }>;
  }>;
  available: boolean;
}

/** Open restaurants of Riga with their menus, as a customer would find them. */
async function openRestaurants(count: number) {
  const { body } = await get(t.app, "/api/public/localities/riga/vendors?size=100");
  const open = body.content.filter(
    (v: { working: boolean; vendorType: string; receiptTypes: string[] }) =>
      v.working && v.vendorType === "RESTAURANT" && v.receiptTypes.includes("DELIVERY"),
  );
  const result: Array<{ id: number; minOrderPrice: number; products: MenuProduct[] }> = [];
  for (const vendor of open.slice(0, count)) {
    const menu = await get(t.app, `/api/vendors/${vendor.id}/catalogue`);
    const items = menu.body.sections.flatMap((s: { products: MenuProduct[] }) => s.products);
    result.push({
      id: vendor.id,
      minOrderPrice: vendor.minOrderPrice,
      products: items.filter((p: MenuProduct) => p.available),
    });
  }
  return result;
}

const plain = (p: MenuProduct) => p.componentGroups.length === 0;

async function newCart(cookie: string | null = null, location: object = RIGA_POINT) {
  const created = await call(t.app, "POST", "/api/carts", cookie, { localityCode: "riga", location });
  expect(created.status).toBe(201);
  return { cartId: created.body.cartId as string, cookie: (created.cookie ?? cookie) as string };
}

/** Sums the parts of the price as the customer reads them. */
function expectTotalsAddUp(cart: {
  prices: Record<string, number & unknown> & {
    fees: Array<{ amount: number }>;
    taxes: Array<{ amount: number; included: boolean }>;
    discounts: Array<{ discountTotal: number }>;
  };
  price: number;
}) {
  const p = cart.prices;
  const cents = (n: number) => Math.round(n * 100);
  const sum =
    cents(p.cartTotal) +
    cents(p.deliveryTotal) +
    p.fees.reduce((s, f) => s + cents(f.amount), 0) +
    p.taxes.filter((x) => !x.included).reduce((s, x) => s + cents(x.amount), 0) +
    cents(p.tipAmount) -
    p.discounts.reduce((s, d) => s + cents(d.discountTotal), 0);
  expect(cents(p.finalTotal)).toBe(sum);
  expect(cart.price).toBe(p.finalTotal);
}

describe("anonymous carts", () => {
  it("belong to the visitor who made them and to no one else", async () => {
    const { cartId, cookie } = await newCart();
    expect(cookie).toMatch(/^visitor=/);
    const mine = await call(t.app, "GET", `/api/carts/${cartId}`, cookie);
    expect(mine.status).toBe(200);
    expect(mine.body.cart).toMatchObject({
      cartId,
      receiptType: "DELIVERY",
      paymentType: "CASH",
      vendorCarts: [],
    });
    expect(mine.body.validateCartResult.status).toBe("SUCCESS");

    for (const other of [null, "visitor=someone-else"]) {
      const theirs = await call(t.app, "GET", `/api/carts/${cartId}`, other);
      expect(theirs.status).toBe(404);
      expect(theirs.body.type).toBe("CartNotFoundException");
    }
    const unknown = await call(t.app, "GET", "/api/carts/7c9e6679-7425-40de-944b-e07fc1f90ae7", cookie);
    expect(unknown.body.type).toBe("CartNotFoundException");
    expect((await call(t.app, "GET", "/api/carts/not-a-uuid", cookie)).status).toBe(400);
  });

  it("needs an address or a point to start", async () => {
    const answer = await call(t.app, "POST", "/api/carts", null, { localityCode: "riga" });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe("location");
  });
});

describe("adding and changing lines", () => {
  it("merges the same product, prices options and keeps totals adding up", async () => {
    const [vendor] = await openRestaurants(1);
    if (!vendor) throw new Error("no open restaurant");
    const simple = vendor.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart();
    const add = (body: object) => call(t.app, "POST", `/api/carts/${cartId}/products`, cookie, body);

    let answer = await add({ vendorId: vendor.id, productId: simple.id, count: 1 });
    expect(answer.status).toBe(200);
    answer = await add({ vendorId: vendor.id, productId: simple.id, count: 2 });
    const lines = answer.body.cart.vendorCarts[0].items;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ productId: simple.id, count: 3, price: simple.price });
    expect(lines[0].totalPrice).toBeCloseTo(simple.price * 3, 2);
    expect(answer.body.cart.itemsCount).toBe(3);
    expectTotalsAddUp(answer.body.cart);
    const delivery = answer.body.cart.vendorCarts[0].deliveryCost;
    expect(answer.body.cart.prices.deliveryTotal).toBe(delivery);

    const withOptions = vendor.products.find((p) =>
      p.componentGroups.some((g) => g.components.some((c) => c.price > 0)),
    );
    if (withOptions) {
      const components = withOptions.componentGroups
        .filter((g) => g.required || g.components.some((c) => c.price > 0))
        .map((g) => ({
          id: (g.components.find((c) => c.price > 0 && c.available) ?? g.components[0])?.id as number,
          count: 1,
        }));
      const priced = await add({ vendorId: vendor.id, productId: withOptions.id, count: 1, components });
      expect(priced.status).toBe(200);
      const line = priced.body.cart.vendorCarts[0].items.find(
        (i: { productId: number }) => i.productId === withOptions.id,
      );
      const extra = line.components.reduce((s: number, c: { price: number }) => s + c.price, 0);
      expect(line.price).toBeCloseTo(withOptions.price + extra, 2);
      expectTotalsAddUp(priced.body.cart);
    }
  });

  it("refuses a product whose required options are missing, naming the group", async () => {
    const vendors = await openRestaurants(6);
    const found = vendors
      .flatMap((v) => v.products.map((p) => ({ vendor: v, product: p })))
      .find(({ product }) => product.componentGroups.some((g) => g.required));
    if (!found) throw new Error("the demo menus have a product with a required group");
    const { cartId, cookie } = await newCart();
    const answer = await call(t.app, "POST", `/api/carts/${cartId}/products`, cookie, {
      vendorId: found.vendor.id,
      productId: found.product.id,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe("InvalidComponentsException");
    expect(answer.body.details[0].field).toMatch(/^group\./);
  });

  it("changes counts and comments, and drops the vendor cart with its last line", async () => {
    const [vendor] = await openRestaurants(1);
    const simple = vendor?.products.find(plain) as MenuProduct;
    const { cartId, cookie } = await newCart();
    const added = await call(t.app, "POST", `/api/carts/${cartId}/products`, cookie, {
      vendorId: vendor?.id,
      productId: simple.id,
    });
    const vendorCart = added.body.cart.vendorCarts[0];
    const line = vendorCart.items[0];
    const path = `/api/carts/${vendorCart.vendorCartId}/products/${line.cartProductId}`;

    const changed = await call(t.app, "PUT", path, cookie, { count: 4, comment: "No onions, please" });
    expect(changed.body.cart.vendorCarts[0].items[0]).toMatchObject({
      count: 4,
      comment: "No onions, please",
    });
    expect((await call(t.app, "PUT", path, cookie, { count: 100 })).status).toBe(400);
    expect((await call(t.app, "PUT", path, "visitor=stranger", { count: 1 })).status).toBe(404);

    const removed = await call(t.app, "DELETE", path, cookie);
    expect(removed.status).toBe(200);
    expect(removed.body.cart.vendorCarts).toEqual([]);
    expect(removed.body.cart.prices.finalTotal).toBe(0);
  });

  it("holds at most three vendors", async () => {
    const found = await openRestaurants(4);
    expect(found).toHaveLength(4);
    const { cartId, cookie } = await newCart();
    const answers = [];
    for (const vendor of found) {
      answers.push(
        await call(t.app, "POST", `/api/carts/${cartId}/products`, cookie, {
          vendorId: vendor.id,
          productId: (vendor.products.find(plain) as MenuProduct).id,
        }),
      );
    }
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers[3]?.status).toBe(400);
    expect(answers[3]?.body.type).toBe("CartVendorsMaxLimitException");
    const cart = (await call(t.app, "GET", `/api/carts/${cartId}`, cookie)).body.cart;
    expect(cart.vendorCarts).toHaveLength(3);

    const cleared = await call(t.app, "PUT", `/api/carts/${cartId}/clear`, cookie);
    expect(cleared.body.cart.vendorCarts).toEqual([]);
  });
});
