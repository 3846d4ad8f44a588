import { randomUUID } from "node:crypto";
import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partners, promoCodes } from "../src/db/schema.ts";
import { type Answer, call, callEndpoint, newCart, RIGA_POINT } from "./cart-helpers.ts";
import { completeOrder, NOW, placeOrderIn } from "./completed-orders.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";
import { findDish, placeOrder as placeOnlineOrder, redirectOf, submitCard } from "./payment-helpers.ts";

/** What customer A owns and customer B reaches for. */
interface Owned {
  addressId: number;
  cardId: number;
  vendorId: number;
  productId: number;
  /** Waiting for approval: cancelable, payable in principle, trackable. */
  orderId: number;
  /** Completed an hour ago and reviewed by A. */
  completedOrderId: number;
  /** A's cart, still to be checked out. */
  cartId: string;
}

/** Ids no one has: B's answer for A's things must be the answer for these. */
const MISSING: Owned = {
  addressId: 2_000_000_001,
  cardId: 2_000_000_002,
  vendorId: 2_000_000_003,
  productId: 2_000_000_004,
  orderId: 2_000_000_005,
  completedOrderId: 2_000_000_006,
  cartId: randomUUID(),
};

interface Route {
  name: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** `token`: the session token, for the route that carries it in its URL. */
  url: (ids: Owned, token?: string) => string;
  body?: (ids: Owned) => object;
  /** What B's session gets for A's thing (as for one that does not exist); rows about "me" have none. */
  stranger?: number;
  /** The tracking socket: the native app puts its session token in the URL, and the session names the partner. */
  tracking?: "cookie" | "token";
}

const customer = endpoints.customer;
const BIND_FORM = apiPath(customer.cardBindForm({ paymentOptionCode: "sandbox-card", localityCode: "riga" }));
const home = {
  name: "Home",
  apartmentNumber: "12",
  location: { latitude: 56.9566, longitude: 24.1213, formattedAddress: "Brīvības iela 68, Rīga" },
};
const RETURN_URL = "/en/riga/menu/orders";

/** Every route that needs a customer's session. */
const ROUTES: Route[] = [
  { name: "profile", method: "GET", url: () => apiPath(customer.me()) },
  {
    name: "profile change",
    method: "PATCH",
    url: () => apiPath(customer.update()),
    body: () => ({ name: "Someone else" }),
  },
  { name: "account deletion", method: "DELETE", url: () => apiPath(customer.delete()) },
  {
    name: "push token",
    method: "PUT",
    url: () => apiPath(customer.fcmToken()),
    body: () => ({ token: "fcm-token-of-a-device", projectId: "demo-project" }),
  },
  { name: "address list", method: "GET", url: () => apiPath(customer.addresses()) },
  { name: "new address", method: "POST", url: () => apiPath(customer.addAddress()), body: () => home },
  {
    name: "address change",
    method: "PUT",
    url: (a) => apiPath(customer.updateAddress(a.addressId)),
    body: () => ({ ...home, name: "Mine now" }),
    stranger: 404,
  },
  {
    name: "address deletion",
    method: "DELETE",
    url: (a) => apiPath(customer.deleteAddress(a.addressId)),
    stranger: 404,
  },
  { name: "card list", method: "GET", url: () => apiPath(customer.cards("riga")) },
  { name: "default card", method: "PUT", url: (a) => apiPath(customer.defaultCard(a.cardId)), stranger: 404 },
  {
    name: "card removal",
    method: "DELETE",
    url: (a) => apiPath(customer.deleteCard(a.cardId)),
    stranger: 404,
  },
  {
    name: "card unbinding",
    method: "DELETE",
    url: (a) => apiPath(customer.unbindCard(a.cardId, "riga")),
    stranger: 404,
  },
  {
    name: "card bind form",
    method: "GET",
    url: () => BIND_FORM,
  },
  { name: "favourite ids", method: "GET", url: () => apiPath(customer.favourites()) },
  { name: "favourite vendors", method: "GET", url: () => apiPath(customer.favouriteVendors()) },
  {
    name: "favouring a vendor",
    method: "POST",
    url: (a) => apiPath(customer.favourite("vendors", a.vendorId, true)),
  },
  {
    name: "favouring a product",
    method: "POST",
    url: (a) => apiPath(customer.favourite("products", a.productId, true)),
  },
  // Favourites are each customer's own marks on public vendors: B unmarking A's favourite touches only B's.
  {
    name: "unfavouring a vendor",
    method: "DELETE",
    url: (a) => apiPath(customer.favourite("vendors", a.vendorId, false)),
    stranger: 204,
  },
  {
    name: "unfavouring a product",
    method: "DELETE",
    url: (a) => apiPath(customer.favourite("products", a.productId, false)),
    stranger: 204,
  },
  { name: "promo codes", method: "GET", url: () => apiPath(customer.promoCodes("riga")) },
  { name: "referral code", method: "GET", url: () => apiPath(customer.referralCode()) },
  { name: "loyalty points", method: "GET", url: () => apiPath(customer.loyalty("riga")) },
  { name: "review list", method: "GET", url: () => apiPath(customer.reviews()) },
  {
    name: "order reviews",
    method: "GET",
    url: (a) => apiPath(customer.orderReviews(a.completedOrderId)),
    stranger: 404,
  },
  {
    name: "vendor review",
    method: "POST",
    url: (a) => apiPath(customer.review(a.completedOrderId, "vendor")),
    body: () => ({ rating: 1, comment: "Not my order" }),
    stranger: 404,
  },
  {
    name: "courier review",
    method: "POST",
    url: (a) => apiPath(customer.review(a.completedOrderId, "courier")),
    body: () => ({ rating: 1 }),
    stranger: 404,
  },
  {
    name: "checkout of a cart",
    method: "POST",
    url: () => apiPath(customer.placeOrder()),
    body: (a) => ({ cartId: a.cartId }),
    stranger: 404,
  },
  { name: "order list", method: "GET", url: () => apiPath(customer.orders()) },
  { name: "active orders", method: "GET", url: () => apiPath(customer.activeOrders()) },
  { name: "one order", method: "GET", url: (a) => apiPath(customer.order(a.orderId)), stranger: 404 },
  {
    name: "order cancellation",
    method: "POST",
    url: (a) => apiPath(customer.cancelOrder(a.orderId)),
    stranger: 404,
  },
  {
    name: "reorder",
    method: "POST",
    url: (a) => apiPath(customer.reorder(a.orderId)),
    body: () => ({ location: RIGA_POINT }),
    stranger: 404,
  },
  { name: "invoice PDF", method: "GET", url: (a) => apiPath(customer.invoice(a.orderId)), stranger: 404 },
  {
    name: "invoice link",
    method: "GET",
    url: (a) => apiPath(customer.invoiceLink(a.orderId)),
    stranger: 404,
  },
  {
    name: "invoice e-mail",
    method: "POST",
    url: (a) => apiPath(customer.emailInvoice(a.orderId)),
    body: () => ({ email: "stranger@example.com" }),
    stranger: 404,
  },
  {
    name: "payment start",
    method: "POST",
    url: (a) => apiPath(customer.payment(a.orderId, "payment/create")),
    body: () => ({ returnUrl: RETURN_URL }),
    stranger: 404,
  },
  {
    name: "payment with a saved card",
    method: "POST",
    url: (a) => apiPath(customer.payment(a.orderId, "payment-intent/create")),
    body: (a) => ({ paymentMethod: `card:${a.cardId}` }),
    stranger: 404,
  },
  {
    name: "payment authorisation",
    method: "POST",
    url: (a) => apiPath(customer.payment(a.orderId, "payment/authorize")),
    body: () => ({ transactionID: "sandbox-transaction" }),
    stranger: 404,
  },
  {
    name: "payment cancellation",
    method: "POST",
    url: (a) => apiPath(customer.payment(a.orderId, "payment/cancel")),
    body: () => ({}),
    stranger: 404,
  },
  {
    name: "paying in cash instead",
    method: "POST",
    url: (a) => apiPath(customer.payInCash(a.orderId)),
    stranger: 404,
  },
  { name: "payment methods", method: "GET", url: () => apiPath(customer.paymentMethods("riga")) },
  { name: "the customer's cart", method: "GET", url: () => apiPath(customer.cart()) },
  {
    name: "tracking socket (web cookie)",
    method: "GET",
    url: (a) => apiPath(endpoints.trackOrder(a.orderId)),
    stranger: 404,
    tracking: "cookie",
  },
  {
    name: "tracking socket (native token)",
    method: "GET",
    url: (a, token) => apiPath(endpoints.trackOrder(a.orderId, token)),
    stranger: 404,
    tracking: "token",
  },
];

let t: TestApp;
/** What A owns, made before the tests. */
let ofA: Owned;
const sessionA = { token: "", userId: 0 };
const sessionB = { token: "" };
/** A promo code only A may use, as a referral bonus would be. */
const PERSONAL_CODE_OF_A = "ONLYFORA";

/** Calls a route as a session (its token, or none) under a partner, for A's things or others. */
function send(route: Route, as: { token: string | null; partner?: string; ids?: Owned }) {
  const viaUrl = route.tracking === "token" && as.token ? as.token : undefined;
  const viaCookie = as.token && route.tracking !== "token" ? { cookie: `session=${as.token}` } : {};
  const ids = as.ids ?? ofA;
  return t.app.inject({
    method: route.method,
    url: route.url(ids, viaUrl),
    headers: { "x-partner-code": as.partner ?? "demo", ...viaCookie },
    ...(route.body ? { payload: route.body(ids) } : {}),
  });
}

/** What A sees of their account: every list and thing of theirs, as JSON. */
async function accountOf(token: string): Promise<Record<string, Answer>> {
  const cookie = `session=${token}`;
  const views = [
    customer.me(),
    customer.addresses(),
    customer.cards(),
    customer.favourites(),
    customer.favouriteVendors(),
    customer.promoCodes("riga"),
    customer.referralCode(),
    customer.loyalty("riga"),
    customer.reviews(),
    customer.orders(),
    customer.activeOrders(),
    customer.order(ofA.orderId),
    customer.order(ofA.completedOrderId),
    customer.orderReviews(ofA.completedOrderId),
    customer.paymentMethods("riga"),
    customer.cart(),
    endpoints.carts.get(ofA.cartId),
  ].map(apiPath);
  const answers = await Promise.all(views.map((url) => call(t.app, "GET", url, cookie)));
  return Object.fromEntries(views.map((url, i) => [url, answers[i] as Answer]));
}

/** Saves a sandbox card on the card page; answers where the page sends the browser back. */
async function fillCardPage(cookie: string): Promise<string> {
  const form = await t.app.inject({
    method: "GET",
    url: BIND_FORM,
    headers: { "x-partner-code": "demo", cookie },
  });
  expect(form.statusCode).toBe(200);
  return redirectOf(await submitCard(t.app, form.body, {})).location;
}

/** Follows the card page's way back as a browser with this cookie; answers the storefront's query. */
async function returnFromCardPage(location: string, cookie: string) {
  return redirectOf(await t.app.inject({ method: "GET", url: location, headers: { cookie } })).query;
}

let accountBefore: Record<string, Answer>;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  const customerA = await signInCustomer(t.app);
  const customerB = await signInCustomer(t.app);
  const cookie = customerA.cookie;
  sessionA.token = cookie.slice("session=".length);
  sessionB.token = customerB.cookie.slice("session=".length);
  sessionA.userId = (await callEndpoint(t.app, customer.me(), cookie)).body.id;

  const address = await callEndpoint(t.app, customer.addAddress(), cookie, home);
  const { restaurant, dish } = await findDish(t.app);
  for (const favourite of [
    customer.favourite("vendors", restaurant.id, true),
    customer.favourite("products", dish.id, true),
  ])
    expect((await callEndpoint(t.app, favourite, cookie)).status).toBe(204);
  const saved = await returnFromCardPage(await fillCardPage(cookie), cookie);
  expect(saved.bindStatus).toBe("AUTHORIZED");

  const completed = await placeOrderIn(t, cookie);
  await completeOrder(t, completed.id, new Date(NOW.getTime() - 3600_000), "Kārlis");
  const review = await callEndpoint(t.app, customer.review(completed.id, "vendor"), cookie, { rating: 5 });
  expect(review.status).toBe(201);
  const active = await placeOrderIn(t, cookie);
  const cart = await newCart(t.app, cookie);
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
    vendorId: restaurant.id,
    productId: dish.id,
  });
  expect(added.status).toBe(200);

  const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
  if (!demo) throw new Error("the demo partner is seeded");
  await t.database.db.insert(promoCodes).values({
    partnerId: demo.id,
    code: PERSONAL_CODE_OF_A,
    type: "PERCENT",
    value: 10,
    userId: sessionA.userId,
  });
  // A partner of its own, like the one in accounts.test.ts, to carry A's session to.
  await t.database.db.insert(partners).values({ ...demo, id: undefined, code: "second", name: "Second" });

  ofA = {
    addressId: address.body.id,
    cardId: Number(saved.cardId),
    vendorId: restaurant.id,
    productId: dish.id,
    orderId: active.id,
    completedOrderId: completed.id,
    cartId: cart.cartId,
  };
  accountBefore = await accountOf(sessionA.token);
  for (const [url, answer] of Object.entries(accountBefore)) expect(answer.status, url).toBe(200);
});
afterAll(() => t.close());

describe("every customer route", () => {
  it.each(ROUTES)("$method $name answers 401 without a session", async (route) => {
    const answer = await send(route, { token: null });
    expect(answer.statusCode, answer.body).toBe(401);
  });

  // The tracking socket is outside the partner scope: the session itself names the partner.
  it.each(ROUTES.filter((r) => !r.tracking))(
    "$method $name answers 401 to A's session under another partner",
    async (route) => {
      const answer = await send(route, { token: sessionA.token, partner: "second" });
      expect(answer.statusCode, answer.body).toBe(401);
    },
  );

  it.each(ROUTES.filter((r) => r.stranger !== undefined))(
    "$method $name answers B for A's thing as for a thing that does not exist",
    async (route) => {
      const theirs = await send(route, { token: sessionB.token });
      const missing = await send(route, { token: sessionB.token, ids: MISSING });
      expect(theirs.statusCode, theirs.body).toBe(route.stranger);
      expect(missing.statusCode, missing.body).toBe(route.stranger);
      if (route.stranger !== 204) expect(theirs.json().type).toBe(missing.json().type);
    },
  );

  it("leaves A's account as it was", async () => {
    expect(await accountOf(sessionA.token)).toEqual(accountBefore);
  });

  it("shows B none of A's things in B's own lists", async () => {
    const cookie = `session=${sessionB.token}`;
    const get = async (endpoint: Endpoint) => (await callEndpoint(t.app, endpoint, cookie)).body;
    expect(await get(customer.addresses())).toEqual([]);
    expect((await get(customer.cards())).cards).toEqual([]);
    expect(await get(customer.favourites())).toEqual({ vendors: [], products: [] });
    expect((await get(customer.favouriteVendors())).content).toEqual([]);
    expect((await get(customer.reviews())).content).toEqual([]);
    const orders = await get(customer.orders());
    expect([...orders.activeOrders, ...orders.deliveredOrders]).toEqual([]);
    expect((await get(customer.activeOrders())).orders).toEqual([]);
    const promo = (await get(customer.promoCodes("riga"))).promoCodes;
    expect(promo.map((p: { code: string }) => p.code)).not.toContain(PERSONAL_CODE_OF_A);
    expect(promo.filter((p: { personal: boolean }) => p.personal)).toEqual([]);
    const referral = (await get(customer.referralCode())).code;
    expect(referral).not.toBe(accountBefore[apiPath(customer.referralCode())]?.body.code);
    const methods = (await get(customer.paymentMethods("riga"))).methods;
    expect(methods.filter((m: { card: unknown }) => m.card !== null)).toEqual([]);
    expect((await callEndpoint(t.app, customer.cart(), cookie)).status).toBe(404);
  });
});

describe("B's own cart and order", () => {
  it("cannot read or change A's cart", async () => {
    const cookie = `session=${sessionB.token}`;
    for (const [endpoint, body] of [
      [endpoints.carts.get(ofA.cartId), undefined],
      [endpoints.carts.update(ofA.cartId), { paymentType: "CASH" }],
      [endpoints.carts.applyPromoCode(ofA.cartId), { code: "WELCOME5" }],
      [endpoints.carts.tip(ofA.cartId), { tipAmount: 1 }],
    ] as const) {
      const answer = await callEndpoint(t.app, endpoint, cookie, body);
      expect(answer.status, `${endpoint.method} ${apiPath(endpoint)}`).toBe(404);
    }
  });

  it("cannot go to A's saved address nor use A's personal promo code", async () => {
    const cookie = `session=${sessionB.token}`;
    const atA = await callEndpoint(t.app, endpoints.carts.create(), cookie, {
      localityCode: "riga",
      customerAddressId: ofA.addressId,
    });
    expect(atA.status).toBe(400);
    expect(atA.body.type).toBe("AddressNotFoundException");

    const { restaurant, dish } = await findDish(t.app);
    const cart = await newCart(t.app, cookie);
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
      vendorId: restaurant.id,
      productId: dish.id,
    });
    expect(added.status).toBe(200);
    const promo = await callEndpoint(t.app, endpoints.carts.applyPromoCode(cart.cartId), cart.cookie, {
      code: PERSONAL_CODE_OF_A,
    });
    expect(promo.status).toBe(400);
    expect(promo.body.errorCode).toBe("NOT_FOUND");
  });

  it("cannot pay B's order with A's saved card", async () => {
    const cookie = `session=${sessionB.token}`;
    const order = await placeOnlineOrder(t.app, cookie, await findDish(t.app));
    for (const [path, body] of [
      ["payment/create", { returnUrl: RETURN_URL, paymentMethod: `card:${ofA.cardId}` }],
      ["payment-intent/create", { paymentMethod: `card:${ofA.cardId}` }],
    ] as const) {
      const answer = await callEndpoint(t.app, customer.payment(order.id, path), cookie, body);
      expect(answer.status, path).toBe(404);
    }
    expect((await callEndpoint(t.app, customer.order(order.id), cookie)).body.status).toBe("CREATED");
    expect(await accountOf(sessionA.token)).toEqual(accountBefore);
  });

  it("cannot keep a card A saved on the card page", async () => {
    const backToA = await fillCardPage(`session=${sessionA.token}`);
    const cookie = `session=${sessionB.token}`;
    expect(await returnFromCardPage(backToA, cookie)).toMatchObject({ bindStatus: "ERROR" });
    expect((await callEndpoint(t.app, customer.cards(), cookie)).body.cards).toEqual([]);
  });
});
