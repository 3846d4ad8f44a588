import { consoleEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, newCart, openVendors, plain } from "./cart-helpers.ts";
import { NOW } from "./completed-orders.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { addOpsKey, customer, opsEndpointCall } from "./order-helpers.ts";

/**
 * Delivery instructions chosen at checkout: leave it at the door, call on arrival, and what becomes
 * of a grocery item out of stock. The cart shows them as the order will carry them; the order, the
 * kitchen's and the courier's ops API and the console show them.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

/** A signed-in customer's cart with enough of one vendor's plain products to order. */
async function cartOf(vendorType: "RESTAURANT" | "STORE") {
  const { session } = await customer(t);
  const [vendor] = await openVendors(t.app, vendorType, 1);
  if (!vendor) throw new Error(`Riga has an open ${vendorType}`);
  const product = vendor.products.find(plain);
  if (!product) throw new Error("the vendor has a plain product");
  const { cartId, cookie } = await newCart(t.app, session);
  const count = Math.max(1, Math.ceil(vendor.minOrderPrice / product.price));
  const added = await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
    vendorId: vendor.id,
    productId: product.id,
    count,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const change = (deliveryInstructions: object, extra: object = {}) =>
    callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { deliveryInstructions, ...extra });
  return { cartId, cookie, change };
}

describe("delivery instructions", () => {
  it("are asked of a restaurant's cart without the substitution, and kept as changed", async () => {
    const { change } = await cartOf("RESTAURANT");
    const first = await change({});
    expect(first.body.cart).toMatchObject({
      groceries: false,
      deliveryInstructions: { contactless: false, callOnArrival: false, substitution: null },
    });
    expect((await change({ contactless: true })).body.cart.deliveryInstructions).toEqual({
      contactless: true,
      callOnArrival: false,
      substitution: null,
    });
    // What the cart has no groceries for is not carried.
    const substitution = await change({ callOnArrival: true, substitution: "REFUND" });
    expect(substitution.body.cart.deliveryInstructions).toEqual({
      contactless: true,
      callOnArrival: true,
      substitution: null,
    });
  });

  it("chosen twice at once, keep both choices", async () => {
    const { change } = await cartOf("STORE");
    await Promise.all([change({ contactless: true }), change({ substitution: "REFUND" })]);
    expect((await change({})).body.cart.deliveryInstructions).toEqual({
      contactless: true,
      callOnArrival: false,
      substitution: "REFUND",
    });
  });

  it("reach the order, the ops API and the console for a store's cart, the substitution included", async () => {
    const { cartId, cookie, change } = await cartOf("STORE");
    const asked = await change({});
    expect(asked.body.cart).toMatchObject({
      groceries: true,
      deliveryInstructions: { substitution: "SIMILAR" },
    });
    await change({ contactless: true, callOnArrival: true, substitution: "CALL" });

    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const wanted = { contactless: true, callOnArrival: true, substitution: "CALL" };
    expect(placed.body.deliveryInstructions).toEqual(wanted);
    const mine = await callEndpoint(t.app, endpoints.customer.order(placed.body.id), cookie);
    expect(mine.body.deliveryInstructions).toEqual(wanted);

    const dispatch = await addOpsKey(t, { role: "DISPATCH" });
    const board = await opsEndpointCall(t.app, dispatch, opsEndpoints.orders({ size: 50 }));
    const seen = board.body.content.find((order: { id: number }) => order.id === placed.body.id);
    expect(seen?.deliveryInstructions).toEqual(wanted);

    const dispatcher = await staffSession(t, "DISPATCHER", "dispatch@instructions.example");
    const desk = await consoleEndpointCall(t, dispatcher, consoleEndpoints.order(placed.body.id));
    expect(desk.status).toBe(200);
    expect(JSON.stringify(desk.body)).toContain('"deliveryInstructions":{"contactless":true');
  });

  it("leave the door out of a takeaway", async () => {
    const { change } = await cartOf("RESTAURANT");
    const takeaway = await change({ contactless: true, callOnArrival: true }, { receiptType: "TAKEAWAY" });
    expect(takeaway.status, JSON.stringify(takeaway.body)).toBe(200);
    expect(takeaway.body.cart.deliveryInstructions).toMatchObject({
      contactless: false,
      callOnArrival: false,
    });
  });

  it.each([
    ["a substitution no one offers", { substitution: "MAYBE" }, "deliveryInstructions.substitution"],
    ["a door choice that is no choice", { contactless: "yes" }, "deliveryInstructions.contactless"],
  ])("refuse %s with a 400 naming it", async (_, instructions, field) => {
    const { change } = await cartOf("RESTAURANT");
    const refused = await change(instructions);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.field).toBe(field);
  });
});
