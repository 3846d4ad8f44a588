import type { ConsoleOrderAction, OrderStatusName } from "@storefront/domain";
import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { cartItems, options, products, vendorCarts, vendors } from "../src/db/schema.ts";
import { call, callEndpoint, type MenuProduct, type OpenVendor, RIGA_POINT } from "./cart-helpers.ts";
import { DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { customer, ORDERS, ops, orderingKit, placeOrder, setOrder } from "./order-helpers.ts";
import { apiPath, opsPath } from "./paths.ts";

/** Monday 14:00 in Riga: most vendors are open. Each order is placed a minute after the last. */
const START = new Date("2026-11-23T12:00:00Z");
let now = START;
function tick(): Date {
  now = new Date(now.getTime() + 60_000);
  return now;
}

let t: TestApp;
let restaurant: OpenVendor;
let big: MenuProduct;
let other: MenuProduct;

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  ({
    restaurant,
    dishes: [big, other],
  } = await orderingKit(t));
});
afterAll(() => t.close());

async function order(session: string, options: { online?: boolean } = {}) {
  tick();
  return placeOrder(t.app, session, restaurant.id, [{ productId: big.id }], options);
}

const dispatch = (action: ConsoleOrderAction, orderId: number) =>
  ops(t.app, DEMO_SECRETS.opsKeys.dispatch, "POST", opsPath(opsEndpoints.moveOrder(orderId, action)));

const ids = (list: Array<{ id: number }>) => list.map((o) => o.id);

describe("the order's JSON", () => {
  it("carries what the order pages need", async () => {
    const { session, userId } = await customer(t);
    const placed = await order(session);
    const [vendor] = await t.database.db.select().from(vendors).where(eq(vendors.id, restaurant.id));
    expect(placed).toMatchObject({
      status: "WAITING_APPROVAL",
      displayStatus: "WAITING_APPROVAL",
      page: "status",
      canCancel: true,
      completedAt: null,
      createdBy: userId,
      paymentStatus: null,
      courier: null,
      courierLocation: null,
      tracking: { path: apiPath(endpoints.trackOrder(placed.id)) },
      vendors: [
        { id: restaurant.id, name: vendor?.name, latitude: vendor?.latitude, longitude: vendor?.longitude },
      ],
    });
    const read = await callEndpoint(t.app, endpoints.customer.order(placed.id), session);
    expect(read.status).toBe(200);
    // The order's own page also carries the code for the courier: none until it is on its way.
    expect(read.body).toEqual({ ...placed, handoverCode: null, deliveryPhotoUrl: null });
  });

  it.each([
    ["CREATED", "payment", "CREATED", true],
    ["WAITING_APPROVAL", "status", "WAITING_APPROVAL", true],
    ["APPROVED", "status", "PREPARING", false],
    ["PREPARING", "status", "PREPARING", false],
    ["READY", "status", "READY", false],
    ["ON_DELIVERY", "status", "ON_DELIVERY", false],
    ["ARRIVED", "status", "ARRIVED", false],
    ["COMPLETED", "details", "COMPLETED", false],
    ["DECLINED", "details", "DECLINED", false],
    ["CANCELED", "details", "CANCELED", false],
    ["CANCELLED", "details", "CANCELLED", false],
  ] as Array<[OrderStatusName, string, string, boolean]>)(
    "an order %s opens the %s page, shows as %s, may be cancelled: %s",
    async (status, page, shown, canCancel) => {
      const { session } = await customer(t);
      const placed = await order(session);
      await setOrder(t, placed.id, { status });
      const { body } = await callEndpoint(t.app, endpoints.customer.order(placed.id), session);
      expect(body).toMatchObject({ status, page, displayStatus: shown, canCancel });
    },
  );

  it("shows the payment status, the courier and their location, and when it was completed", async () => {
    const { session } = await customer(t);
    const placed = await order(session, { online: true });
    expect(placed).toMatchObject({ status: "CREATED", page: "payment", paymentStatus: null });
    await setOrder(t, placed.id, {
      status: "WAITING_APPROVAL",
      paymentStatus: "AUTHORIZED",
      courierName: "Jānis",
      courierPhone: "+37120000001",
      courierLatitude: 56.95,
      courierLongitude: 24.11,
    });
    for (const action of ["accept", "preparing", "ready", "on-delivery", "arrived"] as const)
      expect((await dispatch(action, placed.id)).status).toBe(200);
    const completedAt = tick();
    expect((await dispatch("complete", placed.id)).status).toBe(200);
    tick();

    const { body } = await callEndpoint(t.app, endpoints.customer.order(placed.id), session);
    expect(body).toMatchObject({
      status: "COMPLETED",
      page: "details",
      paymentStatus: "AUTHORIZED",
      courier: { name: "Jānis", phone: "+37120000001" },
      courierLocation: { latitude: 56.95, longitude: 24.11 },
      completedAt: completedAt.toISOString(),
    });
    expect(body.statusHistory.at(-1)).toEqual({
      status: "COMPLETED",
      at: completedAt.toISOString(),
      actor: "DISPATCH",
    });
  });
});

describe("the customer's order lists", () => {
  it("lists every active order and pages the delivered ones, newest first, each order once", async () => {
    const { session } = await customer(t);
    const [completed, canceled, waiting, approved] = [
      await order(session),
      await order(session),
      await order(session),
      await order(session),
    ];
    await setOrder(t, completed.id, { status: "COMPLETED" });
    expect((await callEndpoint(t.app, endpoints.customer.cancelOrder(canceled.id), session)).status).toBe(
      200,
    );
    expect((await dispatch("accept", approved.id)).status).toBe(200);

    const all = await callEndpoint(t.app, endpoints.customer.orders(), session);
    expect(all.status).toBe(200);
    expect(ids(all.body.activeOrders)).toEqual([approved.id, waiting.id]);
    expect(ids(all.body.deliveredOrders)).toEqual([canceled.id, completed.id]);
    expect(all.body).toMatchObject({ page: 1, size: 30, totalElements: 2, totalPages: 1 });
    expect(all.body.activeOrders[0]).toMatchObject({ status: "APPROVED", displayStatus: "PREPARING" });

    const pages = [];
    for (const page of [1, 2, 3])
      pages.push((await call(t.app, "GET", apiPath(endpoints.customer.orders(page, 1)), session)).body);
    expect(pages.map((p) => ids(p.deliveredOrders))).toEqual([[canceled.id], [completed.id], []]);
    for (const p of pages) {
      expect(ids(p.activeOrders)).toEqual([approved.id, waiting.id]);
      expect(p).toMatchObject({ size: 1, totalElements: 2, totalPages: 2 });
    }

    const active = await callEndpoint(t.app, endpoints.customer.activeOrders(), session);
    expect(active.status).toBe(200);
    expect(ids(active.body.orders)).toEqual([approved.id, waiting.id]);
  });

  it("shows a customer none of the others' orders", async () => {
    const owner = await customer(t);
    await order(owner.session);
    const { session } = await customer(t);
    const lists = await callEndpoint(t.app, endpoints.customer.orders(), session);
    expect(lists.body).toMatchObject({
      activeOrders: [],
      deliveredOrders: [],
      totalElements: 0,
      totalPages: 0,
    });
    expect((await callEndpoint(t.app, endpoints.customer.activeOrders(), session)).body).toEqual({
      orders: [],
    });
  });

  it.each([
    ["size=0", 400],
    ["size=101", 400],
    ["page=0", 400],
  ])("refuses %s", async (query, status) => {
    const { session } = await customer(t);
    const answer = await call(t.app, "GET", `${ORDERS}?${query}`, session);
    expect(answer.status).toBe(status);
    expect(answer.body.type).toBe("ValidationException");
  });

  it.each([apiPath(endpoints.customer.orders()), apiPath(endpoints.customer.activeOrders())])(
    "needs a signed-in customer for %s",
    async (url) => {
      expect((await call(t.app, "GET", url, null)).status).toBe(401);
    },
  );
});

describe("another customer's order", () => {
  it.each([
    ["GET", "", endpoints.customer.order],
    ["POST", "/cancel", endpoints.customer.cancelOrder],
    ["POST", "/reorder", endpoints.customer.reorder],
  ] as const)("is not found by %s …%s", async (method, suffix, endpointOf) => {
    const owner = await customer(t);
    const placed = await order(owner.session);
    const { session } = await customer(t);
    const body = method === "POST" && suffix === "/reorder" ? { location: RIGA_POINT } : undefined;
    for (const id of [placed.id, 999_999]) {
      const answer = await callEndpoint(t.app, endpointOf(id), session, body);
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe("OrderNotFoundException");
    }
    const still = await callEndpoint(t.app, endpoints.customer.order(placed.id), owner.session);
    expect(still.body.status).toBe("WAITING_APPROVAL");
  });
});

describe("cancelling an order", () => {
  it.each([
    ["a cash order waiting for approval", {}, false, null],
    ["an online order not paid yet", { online: true }, false, null],
    ["an online order paid and waiting for approval", { paid: true }, true, "CANCELED"],
  ])("cancels %s", async (_name, kind: { online?: boolean; paid?: boolean }, refunded, paymentStatus) => {
    const { session } = await customer(t);
    const placed = await order(session, { online: kind.online || kind.paid });
    if (kind.paid) await setOrder(t, placed.id, { status: "WAITING_APPROVAL", paymentStatus: "AUTHORIZED" });
    const at = tick();

    const answer = await callEndpoint(t.app, endpoints.customer.cancelOrder(placed.id), session);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: placed.id,
      status: "CANCELED",
      page: "details",
      refunded,
      paymentStatus,
    });
    expect(answer.body.statusHistory.at(-1)).toEqual({
      status: "CANCELED",
      at: at.toISOString(),
      actor: "CUSTOMER",
    });
    const { body } = await callEndpoint(t.app, endpoints.customer.orders(), session);
    expect(ids(body.deliveredOrders)).toEqual([placed.id]);
    expect(body.activeOrders).toEqual([]);
  });

  it.each([
    "APPROVED",
    "PREPARING",
    "READY",
    "ON_DELIVERY",
    "ARRIVED",
    "COMPLETED",
    "DECLINED",
    "CANCELED",
    "CANCELLED",
  ] as OrderStatusName[])("refuses to cancel an order %s", async (status) => {
    const { session } = await customer(t);
    const placed = await order(session);
    await setOrder(t, placed.id, { status, paymentStatus: "AUTHORIZED" });
    const answer = await callEndpoint(t.app, endpoints.customer.cancelOrder(placed.id), session);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      type: "OrderStatusTransitionException",
      message: "cannot cancel an order already processing",
    });
    const { body } = await callEndpoint(t.app, endpoints.customer.order(placed.id), session);
    expect(body).toMatchObject({ status, paymentStatus: "AUTHORIZED" });
  });
});

describe("reordering", () => {
  /** A product of the restaurant with options, and options that fit it (each required group filled). */
  function withOptions() {
    for (const product of restaurant.products) {
      if (product.componentGroups.length === 0) continue;
      const chosen = product.componentGroups
        .filter((g, i) => g.required || i === 0)
        .map((g) => g.components.find((c) => c.available));
      if (chosen.every(Boolean))
        return { product, components: chosen.map((c) => ({ id: (c as { id: number }).id, count: 1 })) };
    }
    throw new Error("the demo restaurant has a product with options");
  }

  it("starts a new cart with the lines still available and lists the others", async () => {
    const { session } = await customer(t);
    const optioned = withOptions();
    const lines = [
      { productId: big.id, count: 2, comment: "no onions" },
      { productId: other.id, count: 1 },
      { productId: optioned.product.id, components: optioned.components },
    ];
    const placed = await placeOrder(t.app, session, restaurant.id, lines);
    const optionIds = optioned.components.map((c) => c.id);
    const db = t.database.db;
    // Written behind the API's back, so announced as the console would (a cart shown reads its
    // vendor's menu from the catalogue's cache).
    const announce = () =>
      t.app.services.catalogueInvalidations.announce(catalogueChanges.menu(restaurant.id));
    await db.update(products).set({ available: false }).where(eq(products.id, other.id));
    await db.update(options).set({ available: false }).where(inArray(options.id, optionIds));
    await announce();
    try {
      const answer = await callEndpoint(t.app, endpoints.customer.reorder(placed.id), session, {
        location: RIGA_POINT,
      });
      expect(answer.status).toBe(201);
      const names = (id: number) =>
        placed.vendorCarts[0].items.find((i: { productId: number }) => i.productId === id).name;
      expect(answer.body.unavailableItems).toEqual([
        { productId: other.id, name: names(other.id) },
        { productId: optioned.product.id, name: names(optioned.product.id) },
      ]);

      const cart = await callEndpoint(t.app, endpoints.carts.get(answer.body.cartId), session);
      expect(cart.status).toBe(200);
      expect(cart.body.cart).toMatchObject({
        localityCode: "riga",
        receiptType: "DELIVERY",
        address: { latitude: RIGA_POINT.latitude, longitude: RIGA_POINT.longitude },
      });
      expect(cart.body.cart.vendorCarts).toHaveLength(1);
      expect(cart.body.cart.vendorCarts[0].items).toMatchObject([
        { productId: big.id, count: 2, comment: "no onions" },
      ]);
    } finally {
      await db.update(products).set({ available: true }).where(eq(products.id, other.id));
      await db.update(options).set({ available: true }).where(inArray(options.id, optionIds));
      await announce();
    }
  });

  it("puts every line back when all are available, and leaves the order as it was", async () => {
    const { session } = await customer(t);
    const placed = await placeOrder(t.app, session, restaurant.id, [
      { productId: big.id },
      { productId: other.id, count: 3 },
    ]);
    const answer = await callEndpoint(t.app, endpoints.customer.reorder(placed.id), session, {
      location: RIGA_POINT,
    });
    expect(answer.body.unavailableItems).toEqual([]);
    const lines = await t.database.db
      .select({ productId: cartItems.productId, count: cartItems.count })
      .from(cartItems)
      .innerJoin(vendorCarts, eq(vendorCarts.id, cartItems.vendorCartId))
      .where(eq(vendorCarts.cartId, answer.body.cartId));
    expect(lines).toEqual([
      { productId: big.id, count: 1 },
      { productId: other.id, count: 3 },
    ]);
    expect((await callEndpoint(t.app, endpoints.customer.order(placed.id), session)).body).toEqual({
      ...placed,
      handoverCode: null,
      deliveryPhotoUrl: null,
    });
  });

  it.each([
    ["no address", {}, "ValidationException"],
    ["an address of someone else", { customerAddressId: 999_999 }, "AddressNotFoundException"],
  ])("refuses %s", async (_name, body, type) => {
    const { session } = await customer(t);
    const placed = await order(session);
    const answer = await callEndpoint(t.app, endpoints.customer.reorder(placed.id), session, body);
    expect(answer.status).toBe(400);
    expect(answer.body.type).toBe(type);
  });
});
