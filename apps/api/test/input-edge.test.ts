import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callEndpoint, RIGA_POINT } from "./cart-helpers.ts";
import { NOW } from "./completed-orders.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { customer, orderingKit, placeOrder } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

let t: TestApp;
/** The signed-in customer's cookie joined to their cart's visitor cookie. */
let cookie: string;
const ids = {
  cartId: "",
  vendorId: 0,
  productId: 0,
  vendorCartId: 0,
  cartProductId: 0,
  orderId: 0,
  addressId: 0,
};

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  const { restaurant, dishes } = await orderingKit(t);
  const { session } = await customer(t);
  ids.vendorId = restaurant.id;
  ids.productId = dishes[0].id;
  ids.orderId = (
    await placeOrder(t.app, session, restaurant.id, [{ productId: dishes[0].id }], { online: true })
  ).id;
  const created = await callEndpoint(t.app, endpoints.carts.create(), session, {
    localityCode: "riga",
    location: RIGA_POINT,
  });
  ids.cartId = created.body.cartId;
  cookie = `${session}; ${created.cookie}`;
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(ids.cartId), cookie, {
    vendorId: ids.vendorId,
    productId: ids.productId,
  });
  expect(added.status).toBe(200);
  const vendorCart = added.body.cart.vendorCarts[0];
  ids.vendorCartId = vendorCart.vendorCartId;
  ids.cartProductId = vendorCart.items[0].cartProductId;
  const address = await callEndpoint(t.app, endpoints.customer.addAddress(), cookie, {
    name: "Home",
    location: RIGA_POINT,
  });
  expect(address.status).toBe(201);
  ids.addressId = address.body.id;
}, 120_000);
afterAll(() => t.close());

const NUL = "\u0000";
/** A request of a contract endpoint whose body carries the byte (the URL is written by hand where it does). */
const to = (endpoint: Endpoint, payload: unknown): [Method, string, unknown] => [
  endpoint.method,
  apiPath(endpoint),
  payload,
];

/**
 * Each route that answered a NUL byte with a 500 (and logged the failed SQL with its parameters),
 * the field the byte travels in, and the request that carries it.
 */
const ROUTES: Array<{ route: string; field: string; request: () => [Method, string, unknown?] }> = [
  { route: "content page slug", field: "id", request: () => ["GET", "/api/content-pages/ab%00out"] },
  {
    route: "content page slug encoded twice",
    field: "id",
    request: () => ["GET", "/api/content-pages/ab%2500out"],
  },
  {
    route: "vendor search",
    field: "searchString",
    request: () => ["GET", "/api/public/localities/riga/vendors?searchString=pi%00zza"],
  },
  {
    route: "profile name",
    field: "name",
    request: () => to(endpoints.customer.update(), { name: `An${NUL}na` }),
  },
  {
    route: "new address comment",
    field: "comment",
    request: () => to(endpoints.customer.addAddress(), { comment: `gate${NUL}`, location: RIGA_POINT }),
  },
  {
    route: "changed address comment",
    field: "comment",
    request: () =>
      to(endpoints.customer.updateAddress(ids.addressId), { comment: `gate${NUL}`, location: RIGA_POINT }),
  },
  {
    route: "push token",
    field: "token",
    request: () => to(endpoints.customer.fcmToken(), { token: `fcm${NUL}`, projectId: "storefront" }),
  },
  {
    route: "payment authorisation",
    field: "transactionID",
    request: () =>
      to(endpoints.customer.payment(ids.orderId, "payment/authorize"), { transactionID: `tx${NUL}` }),
  },
  {
    route: "payment cancellation",
    field: "transactionID",
    request: () =>
      to(endpoints.customer.payment(ids.orderId, "payment/cancel"), { transactionID: `tx${NUL}` }),
  },
  {
    route: "cart payment method",
    field: "paymentMethod",
    request: () => to(endpoints.carts.update(ids.cartId), { paymentMethod: `card:1${NUL}` }),
  },
  {
    route: "new cart item comment",
    field: "comment",
    request: () =>
      to(endpoints.carts.addProduct(ids.cartId), {
        vendorId: ids.vendorId,
        productId: ids.productId,
        comment: `no onions${NUL}`,
      }),
  },
  {
    route: "changed cart item comment",
    field: "comment",
    request: () =>
      to(endpoints.carts.changeProduct(ids.vendorCartId, ids.cartProductId), { comment: `x${NUL}` }),
  },
  {
    route: "cart address",
    field: "location.formattedAddress",
    request: () =>
      to(endpoints.carts.update(ids.cartId), {
        location: { ...RIGA_POINT, formattedAddress: `Brīvības iela 1${NUL}` },
      }),
  },
  {
    route: "new cart address",
    field: "location.formattedAddress",
    request: () =>
      to(endpoints.carts.create(), {
        localityCode: "riga",
        location: { ...RIGA_POINT, formattedAddress: `Brīvības iela 1${NUL}` },
      }),
  },
  {
    route: "analytics event",
    field: "params.screen",
    request: () => to(endpoints.analyticsEvent(), { name: "open", params: { screen: `home${NUL}` } }),
  },
  { route: "outbox filter", field: "to", request: () => ["GET", "/api/dev/outbox?to=%2B371%00"] },
  {
    route: "card bind result",
    field: "transactionID",
    request: () => [
      "GET",
      "/api/customer/me/cards/bind-result?transactionID=tx%00&partner=demo&returnPath=%2F",
    ],
  },
];

describe("the input edge", () => {
  it.each(ROUTES)("refuses a NUL byte in the $route with a 400 naming $field", async ({ field, request }) => {
    const [method, url, payload] = request();
    const answer = await call(t.app, method, url, cookie, payload);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({
      status: 400,
      type: "ValidationException",
      details: [{ field, message: "contains a control character" }],
    });
  });
});

describe("the control characters it refuses", () => {
  it("keeps tab, line feed and carriage return in body text, as a multi-line comment needs", async () => {
    const comment = "Ring twice\r\nThen wait\tplease";
    const answer = await callEndpoint(
      t.app,
      endpoints.carts.changeProduct(ids.vendorCartId, ids.cartProductId),
      cookie,
      { comment },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.cart.vendorCarts[0].items[0].comment).toBe(comment);
  });

  it("refuses the other C0 controls and DEL in body text", async () => {
    for (const character of ["\u0001", "\u0008", "\u000b", "\u001b", "\u007f"]) {
      const answer = await callEndpoint(t.app, endpoints.customer.update(), cookie, {
        name: `An${character}na`,
      });
      expect(answer.status, JSON.stringify(character)).toBe(400);
      expect(answer.body.details).toEqual([{ field: "name", message: "contains a control character" }]);
    }
  });

  it("refuses even a tab or a line feed in a query or path parameter", async () => {
    const search = await call(
      t.app,
      "GET",
      "/api/public/localities/riga/vendors?searchString=pi%09zza",
      cookie,
    );
    expect(search.status).toBe(400);
    expect(search.body.details).toEqual([{ field: "searchString", message: "contains a control character" }]);
    const page = await call(t.app, "GET", "/api/content-pages/about%0A", cookie);
    expect(page.status).toBe(400);
    expect(page.body.details).toEqual([{ field: "id", message: "contains a control character" }]);
  });

  it("names a JSON key that holds a control character without echoing the character", async () => {
    const answer = await callEndpoint(t.app, endpoints.analyticsEvent(), cookie, {
      name: "open",
      params: { "scr\u0000een": "home" },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { field: "params.scr\\u0000een", message: "has a control character in its name" },
    ]);
  });

  it("names every bad field of a nested body by its dotted path", async () => {
    const answer = await callEndpoint(t.app, endpoints.customer.addAddress(), cookie, {
      name: "Home\u0000",
      location: { ...RIGA_POINT, addressComponents: { street: "Brīvības\u0007" } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual(
      expect.arrayContaining([
        { field: "name", message: "contains a control character" },
        { field: "location.addressComponents.street", message: "contains a control character" },
      ]),
    );
  });
});

describe("a value the database cannot keep", () => {
  it("is a 400 without the database's internals, not a 500", async () => {
    // A column narrower than the contract's bound, as a forgotten zod max would leave it.
    await t.database.db.execute(sql`ALTER TABLE analytics_events ALTER COLUMN name TYPE varchar(8)`);
    const answer = await callEndpoint(t.app, endpoints.analyticsEvent(), cookie, {
      name: "checkout-started",
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      status: 400,
      type: "ValidationException",
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(answer.body.message).not.toMatch(/analytics_events|insert|varchar|checkout-started/i);
  });
});

describe("bounds the fuzz test found missing", () => {
  it("refuses a category id past PostgreSQL's integer range with a 400 naming categories", async () => {
    const answer = await call(
      t.app,
      "GET",
      "/api/public/localities/riga/vendors?categories=1,9438137846",
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "ValidationException", details: [{ field: "categories.1" }] });
  });
});
