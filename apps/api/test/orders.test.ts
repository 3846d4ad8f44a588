import { endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema.ts";
import {
  callEndpoint,
  type MenuProduct,
  newCart,
  type OpenVendor,
  openRestaurants,
  plain,
  RIGA_POINT,
} from "./cart-helpers.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
let restaurant: OpenVendor;
/** A plain dish that alone reaches the restaurant's minimum order. */
let dish: MenuProduct;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  const [first] = await openRestaurants(t.app, 1);
  const found = first?.products.find((p) => plain(p) && p.price >= first.minOrderPrice);
  if (!first || !found) throw new Error("the demo has an open restaurant with a dish over its minimum");
  [restaurant, dish] = [first, found];
});
afterAll(() => t.close());

async function signedIn(): Promise<string> {
  return (await signInCustomer(t.app)).cookie;
}

/** A cart of `count` of a product, ready for checkout; the cookie carries the session when given one. */
async function cartOf(session: string | null, count = 1, product = dish) {
  const { cartId, cookie } = await newCart(t.app, session);
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
    vendorId: restaurant.id,
    productId: product.id,
    count,
  });
  expect(added.status).toBe(200);
  return { cartId, cookie, cart: added.body.cart };
}

function placeOrder(cookie: string | null, body: object, headers: Record<string, string> = {}) {
  return callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, body, headers);
}

async function ordersOfCart(cartId: string) {
  return t.database.db.select().from(orders).where(eq(orders.cartId, cartId));
}

describe("placing an order", () => {
  it("needs a signed-in customer", async () => {
    const { cartId, cookie } = await cartOf(null);
    for (const visitor of [null, cookie]) {
      expect((await placeOrder(visitor, { cartId })).status).toBe(401);
    }
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  it("makes a cash order that waits for approval, as the cart was at checkout, and consumes the cart", async () => {
    const session = await signedIn();
    const { cartId, cookie } = await cartOf(session, 2);
    const { cart } = (await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).body;

    const placed = await placeOrder(cookie, { cartId, invoiceEmail: "buyer@example.com" });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: "WAITING_APPROVAL",
      paymentType: "CASH",
      receiptType: "DELIVERY",
      localityCode: "riga",
      invoiceEmail: "buyer@example.com",
      price: cart.price,
    });
    expect(placed.body.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      "CREATED",
      "WAITING_APPROVAL",
    ]);
    expect(placed.body.vendorCarts).toEqual(cart.vendorCarts);
    expect(placed.body.prices).toEqual(cart.prices);

    const read = await callEndpoint(t.app, endpoints.customer.order(placed.body.id), session);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ ...placed.body, handoverCode: null, deliveryPhotoUrl: null });

    const stranger = await callEndpoint(t.app, endpoints.customer.order(placed.body.id), await signedIn());
    expect(stranger.status).toBe(404);
    expect(stranger.body.type).toBe("OrderNotFoundException");

    const consumed = await callEndpoint(t.app, endpoints.carts.get(cartId), cookie);
    expect(consumed.status).toBe(404);
    expect(consumed.body.type).toBe("CartNotFoundException");
  });

  it("carries what a guest typed for the courier onto the order and into the account they sign in to", async () => {
    const details = {
      apartmentNumber: "12",
      entrance: "2",
      floor: "4",
      intercom: "12K",
      comment: "Blue door",
    };
    const guest = await newCart(t.app, null, { ...RIGA_POINT, ...details, entrance: " 2 " });
    const added = await callEndpoint(t.app, endpoints.carts.addProduct(guest.cartId), guest.cookie, {
      vendorId: restaurant.id,
      productId: dish.id,
      count: 1,
    });
    expect(added.body.cart.address).toMatchObject(details);

    // Signed in at checkout, in the same browser.
    const session = await signedIn();
    const cookie = `${guest.cookie}; ${session}`;
    // The checkout page reads the cart again, and the cart becomes the customer's.
    expect((await callEndpoint(t.app, endpoints.carts.get(guest.cartId), cookie)).status).toBe(200);
    const placed = await placeOrder(cookie, { cartId: guest.cartId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.address).toMatchObject({
      ...details,
      customerAddressId: null,
      latitude: RIGA_POINT.latitude,
    });
    expect(
      (await callEndpoint(t.app, endpoints.customer.order(placed.body.id), session)).body.address,
    ).toMatchObject(details);

    const saved = (await callEndpoint(t.app, endpoints.customer.addresses(), session)).body;
    expect(saved).toEqual([
      expect.objectContaining({
        ...details,
        location: expect.objectContaining({ formattedAddress: RIGA_POINT.formattedAddress }),
      }),
    ]);

    // The next order to that place, from the saved address, finds it once and carries it too.
    const again = await cartOf(session);
    expect(
      (
        await callEndpoint(t.app, endpoints.carts.update(again.cartId), again.cookie, {
          customerAddressId: saved[0].id,
        })
      ).status,
    ).toBe(200);
    const second = await placeOrder(again.cookie, { cartId: again.cartId });
    expect(second.body.address).toMatchObject({ ...details, customerAddressId: saved[0].id });
    expect((await callEndpoint(t.app, endpoints.customer.addresses(), session)).body).toHaveLength(1);
  });

  it("starts an online order as CREATED until it is paid", async () => {
    const { cartId, cookie } = await cartOf(await signedIn());
    const online = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, {
      paymentType: "ONLINE",
    });
    expect(online.body.cart.paymentType).toBe("ONLINE");

    const placed = await placeOrder(cookie, { cartId });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: "CREATED", paymentType: "ONLINE" });
    expect(placed.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(["CREATED"]);
  });
});

describe("placing the same order again", () => {
  it("answers the order already made for a retried cart", async () => {
    const { cartId, cookie } = await cartOf(await signedIn());
    const first = await placeOrder(cookie, { cartId });
    const retry = await placeOrder(cookie, { cartId });
    expect([first.status, retry.status]).toEqual([201, 200]);
    expect(retry.body.id).toBe(first.body.id);
  });

  it("makes one order of two checkouts at once", async () => {
    const { cartId, cookie } = await cartOf(await signedIn());
    const answers = await Promise.all([placeOrder(cookie, { cartId }), placeOrder(cookie, { cartId })]);
    expect(answers.map((a) => a.status).toSorted()).toEqual([200, 201]);
    expect(answers[0]?.body.id).toBe(answers[1]?.body.id);
    expect(await ordersOfCart(cartId)).toHaveLength(1);
  });

  it("answers the same order for the same Idempotency-Key, and 422 when the key comes with another cart", async () => {
    const session = await signedIn();
    const headers = { "idempotency-key": "checkout-2026-11-23-0001" };
    const first = await cartOf(session);
    const placed = await placeOrder(first.cookie, { cartId: first.cartId }, headers);
    expect(placed.status).toBe(201);
    const retried = await placeOrder(first.cookie, { cartId: first.cartId }, headers);
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(placed.body.id);

    // The same key with another cart is not a retry: no second order, and not the first one either.
    const second = await cartOf(session);
    const reused = await placeOrder(second.cookie, { cartId: second.cartId }, headers);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      type: "IdempotencyKeyReusedException",
      details: [{ field: "Idempotency-Key" }],
    });
    expect(await ordersOfCart(second.cartId)).toEqual([]);
    const withAnotherEmail = await placeOrder(
      first.cookie,
      { cartId: first.cartId, invoiceEmail: "someone.else@example.com" },
      headers,
    );
    expect(withAnotherEmail.status).toBe(422);
  });
});

describe("refusing a cart", () => {
  it("refuses an empty cart and one below the minimum order", async () => {
    const session = await signedIn();
    const empty = await newCart(t.app, session);
    const emptyAnswer = await placeOrder(empty.cookie, { cartId: empty.cartId });
    expect(emptyAnswer.status).toBe(400);
    expect(emptyAnswer.body.type).toBe("EmptyCartException");

    const cheap = restaurant.products.find((p) => plain(p) && p.price < restaurant.minOrderPrice);
    if (!cheap) throw new Error("the demo restaurant has a dish below its minimum order");
    const small = await cartOf(session, 1, cheap);
    expect(small.cart.prices.cartTotal).toBeLessThan(restaurant.minOrderPrice);
    const smallAnswer = await placeOrder(small.cookie, { cartId: small.cartId });
    expect(smallAnswer.status).toBe(400);
    expect(smallAnswer.body.type).toBe("CartValidationException");
    expect(await ordersOfCart(small.cartId)).toEqual([]);
  });

  it("answers 409 and makes no order when the price is not the one the customer saw", async () => {
    const { cartId, cookie, cart } = await cartOf(await signedIn());
    const changed = await placeOrder(cookie, { cartId, expectedPrice: cart.price + 1 });
    expect(changed.status).toBe(409);
    expect(changed.body.type).toBe("CartPriceChangedException");
    expect(await ordersOfCart(cartId)).toEqual([]);
    expect((await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).status).toBe(200);

    const agreed = await placeOrder(cookie, { cartId, expectedPrice: cart.price });
    expect(agreed.status).toBe(201);
  });

  it("refuses cash over 150, while the same cart paid online is fine", async () => {
    const count = Math.floor(150 / dish.price) + 1;
    expect(count).toBeLessThanOrEqual(99);
    const { cartId, cookie, cart } = await cartOf(await signedIn(), count);
    expect(cart.price).toBeGreaterThan(150);

    const cash = await placeOrder(cookie, { cartId });
    expect(cash.status).toBe(400);
    expect(cash.body.type).toBe("InvalidCashAmountException");

    await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { paymentType: "ONLINE" });
    const online = await placeOrder(cookie, { cartId });
    expect(online.status).toBe(201);
    expect(online.body.price).toBe(cart.price);
  });

  it("names a malformed invoice e-mail", async () => {
    const { cartId, cookie } = await cartOf(await signedIn());
    const answer = await placeOrder(cookie, { cartId, invoiceEmail: "not-an-email" });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe("invoiceEmail");
  });
});

describe("promo codes in orders", () => {
  it("count as used by the customer once ordered", async () => {
    const session = await signedIn();
    const apply = (cartId: string, cookie: string) =>
      callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, { code: "SAVE10" });
    const first = await cartOf(session);
    expect((await apply(first.cartId, first.cookie)).status).toBe(200);
    const placed = await placeOrder(first.cookie, { cartId: first.cartId });
    expect(placed.body.promocode).toBe("SAVE10");

    const next = await cartOf(session);
    const again = await apply(next.cartId, next.cookie);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "PromoCodeException", errorCode: "UTILIZED" });

    const someoneElse = await cartOf(await signedIn());
    expect((await apply(someoneElse.cartId, someoneElse.cookie)).status).toBe(200);
  });

  it("never drop silently: a promo that stopped applying stops the order, even with no expected price", async () => {
    const session = await signedIn();
    const apply = (cartId: string, cookie: string) =>
      callEndpoint(t.app, endpoints.carts.applyPromoCode(cartId), cookie, { code: "SAVE10" });
    // Two carts with the code; once the first is ordered, the code is used up for the second.
    const first = await cartOf(session);
    const second = await cartOf(session);
    expect((await apply(first.cartId, first.cookie)).status).toBe(200);
    expect((await apply(second.cartId, second.cookie)).status).toBe(200);
    expect((await placeOrder(first.cookie, { cartId: first.cartId })).status).toBe(201);

    const refused = await placeOrder(second.cookie, { cartId: second.cartId });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      type: "CartPriceChangedException",
      details: [{ field: "promocode" }],
    });
    expect(await ordersOfCart(second.cartId)).toEqual([]);
  });
});

describe("payment methods", () => {
  it("lists cash and an online method for the customer, and the supported ones for anyone", async () => {
    const mine = await callEndpoint(t.app, endpoints.customer.paymentMethods("riga"), await signedIn());
    expect(mine.status).toBe(200);
    const types = mine.body.methods.map((m: { type: string }) => m.type);
    expect(types).toContain("CASH");
    expect(types).toContain("ONLINE");
    expect(mine.body.methods).toContainEqual(expect.objectContaining({ code: "cash", type: "CASH" }));

    const anonymous = await callEndpoint(t.app, endpoints.customer.paymentMethods("riga"), null);
    expect(anonymous.status).toBe(401);

    const supported = await callEndpoint(t.app, endpoints.supportedPaymentMethods("riga"), null);
    expect(supported.status).toBe(200);
    expect(supported.body.methods).toEqual(mine.body.methods);
  });
});
