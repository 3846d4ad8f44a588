import type { ConsoleOrderAction, OrderStatusName } from "@storefront/domain";
import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { callEndpoint, type MenuProduct, type OpenVendor } from "./cart-helpers.ts";
import { DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { addOpsKey, addPartner, customer, ops, orderingKit, placeOrder, setOrder } from "./order-helpers.ts";
import { apiPath, opsPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");

/** The app with @fastify/websocket's injectWS, for the tracking socket. */
type Trackable = FastifyInstance & {
  injectWS(
    path: string,
    context: { headers: Record<string, string> },
  ): Promise<{ on(event: "message", listener: (data: Buffer) => void): void; terminate(): void }>;
};

let t: TestApp;
let restaurant: OpenVendor;
let dish: MenuProduct;
/** Keys by name: the demo dispatch and courier keys, the restaurant's vendor key, another vendor's. */
const keys: Record<"DISPATCH" | "COURIER" | "VENDOR" | "otherVendor" | "otherPartner", string> = {
  DISPATCH: DEMO_SECRETS.opsKeys.dispatch,
  COURIER: DEMO_SECRETS.opsKeys.courier,
  VENDOR: "",
  otherVendor: "",
  otherPartner: "",
};
/** A customer and their cash order, set to whatever status a case starts from. */
let session: string;
let orderId: number;

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  ({
    restaurant,
    dishes: [dish],
  } = await orderingKit(t));
  keys.VENDOR = await addOpsKey(t, { role: "VENDOR", vendorId: restaurant.id });
  const others = (await callEndpoint(t.app, endpoints.localities.vendors("riga", "size=100"), null)).body
    .content;
  const otherVendor = others.find((v: { id: number }) => v.id !== restaurant.id);
  keys.otherVendor = await addOpsKey(t, { role: "VENDOR", vendorId: otherVendor.id });
  await addPartner(t, "other-demo");
  keys.otherPartner = await addOpsKey(t, { role: "DISPATCH", partnerCode: "other-demo" });
  ({ session } = await customer(t));
  orderId = (await newOrder()).id;
});
afterAll(() => t.close());

function newOrder(options: { online?: boolean } = {}) {
  return placeOrder(t.app, session, restaurant.id, [{ productId: dish.id }], options);
}

// The tables below name actions as strings.
const move = (key: string | null, action: string, id = orderId) =>
  ops(t.app, key, "POST", opsPath(opsEndpoints.moveOrder(id, action as ConsoleOrderAction)));

/** Every move the rules allow: from, action, the roles that may make it. Everything else is refused. */
const ALLOWED: Array<[string, string, string[]]> = [
  ["WAITING_APPROVAL", "accept", ["VENDOR", "DISPATCH"]],
  ["WAITING_APPROVAL", "decline", ["VENDOR", "DISPATCH"]],
  ["APPROVED", "preparing", ["VENDOR", "DISPATCH"]],
  ["APPROVED", "cancel", ["VENDOR", "DISPATCH"]],
  ["PREPARING", "ready", ["VENDOR", "DISPATCH"]],
  ["PREPARING", "cancel", ["VENDOR", "DISPATCH"]],
  ["READY", "on-delivery", ["COURIER", "DISPATCH"]],
  ["READY", "complete", ["VENDOR", "DISPATCH"]],
  ["READY", "cancel", ["DISPATCH"]],
  ["ON_DELIVERY", "arrived", ["COURIER", "DISPATCH"]],
  ["ON_DELIVERY", "cancel", ["DISPATCH"]],
  ["ARRIVED", "complete", ["COURIER", "DISPATCH"]],
  ["ARRIVED", "cancel", ["DISPATCH"]],
];
const TARGET: Record<string, string> = {
  accept: "APPROVED",
  decline: "DECLINED",
  preparing: "PREPARING",
  ready: "READY",
  "on-delivery": "ON_DELIVERY",
  arrived: "ARRIVED",
  complete: "COMPLETED",
  cancel: "CANCELLED",
};
/** Roles that may never move an order to the action's status: refused with 403 whatever the status. */
const NEVER: Record<string, string[]> = {
  accept: ["COURIER"],
  decline: ["COURIER"],
  preparing: ["COURIER"],
  ready: ["COURIER"],
  "on-delivery": ["VENDOR"],
  arrived: ["VENDOR"],
  complete: [],
  cancel: ["COURIER"],
};
const STATUSES: OrderStatusName[] = [
  "CREATED",
  "WAITING_APPROVAL",
  "APPROVED",
  "PREPARING",
  "READY",
  "ON_DELIVERY",
  "ARRIVED",
  "COMPLETED",
  "DECLINED",
  "CANCELED",
  "CANCELLED",
];
const CASES = STATUSES.flatMap((from) =>
  Object.keys(TARGET).flatMap((action) =>
    (["VENDOR", "COURIER", "DISPATCH"] as const).map((role) => {
      const allowed = ALLOWED.some(([f, a, roles]) => f === from && a === action && roles.includes(role));
      const expected = allowed ? 200 : NEVER[action]?.includes(role) ? 403 : 400;
      return [from, action, role, expected] as const;
    }),
  ),
);

describe("status moves through the ops API", () => {
  it.each(CASES)("%s, /%s by %s: %i", async (from, action, role, expected) => {
    await setOrder(t, orderId, { status: from });
    const answer = await move(keys[role], action);
    expect(answer.status, JSON.stringify(answer.body)).toBe(expected);
    if (expected === 200) {
      expect(answer.body.status).toBe(TARGET[action]);
      expect(answer.body.statusHistory.at(-1)).toEqual({
        status: TARGET[action],
        at: NOW.toISOString(),
        actor: role,
      });
    } else {
      expect(answer.body.type).toBe(
        expected === 403 ? "ForbiddenException" : "OrderStatusTransitionException",
      );
      const { body } = await callEndpoint(t.app, endpoints.customer.order(orderId), session);
      expect(body.status).toBe(from);
    }
  });

  it("takes an order from approval to the door, each change stored with its time and actor", async () => {
    const order = await newOrder();
    const steps: Array<[string, string]> = [
      ["accept", "VENDOR"],
      ["preparing", "VENDOR"],
      ["ready", "VENDOR"],
      ["on-delivery", "COURIER"],
      ["arrived", "COURIER"],
      ["complete", "COURIER"],
    ];
    for (const [action, role] of steps)
      expect((await move(keys[role as "VENDOR"], action, order.id)).status).toBe(200);
    const { body } = await callEndpoint(t.app, endpoints.customer.order(order.id), session);
    expect(body.statusHistory.map((h: { status: string; actor: string }) => [h.status, h.actor])).toEqual([
      ["CREATED", "CUSTOMER"],
      ["WAITING_APPROVAL", "SYSTEM"],
      ["APPROVED", "VENDOR"],
      ["PREPARING", "VENDOR"],
      ["READY", "VENDOR"],
      ["ON_DELIVERY", "COURIER"],
      ["ARRIVED", "COURIER"],
      ["COMPLETED", "COURIER"],
    ]);
    expect(body).toMatchObject({ page: "details", completedAt: NOW.toISOString() });
  });

  it.each(["decline", "cancel"])("gives back a paid order's payment on /%s", async (action) => {
    const order = await newOrder({ online: true });
    const from = action === "decline" ? "WAITING_APPROVAL" : "APPROVED";
    await setOrder(t, order.id, { status: from, paymentStatus: "AUTHORIZED" });
    const answer = await move(keys.DISPATCH, action, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: TARGET[action], paymentStatus: "CANCELED" });
  });
});

describe("ops API keys", () => {
  it.each([
    ["no key", null],
    ["an unknown key", "not-a-key"],
    ["a customer's partner code in place of a key", "demo"],
  ])("refuses %s with 401", async (_name, key) => {
    await setOrder(t, orderId, { status: "WAITING_APPROVAL" });
    for (const answer of [
      await move(key, "accept"),
      await ops(t.app, key, "GET", opsPath(opsEndpoints.orders())),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.type).toBe("UnauthorizedException");
    }
    const { body } = await callEndpoint(t.app, endpoints.customer.order(orderId), session);
    expect(body.status).toBe("WAITING_APPROVAL");
  });

  it.each([
    ["otherVendor", "accept"],
    ["otherVendor", "decline"],
    ["otherPartner", "accept"],
    ["otherPartner", "courier"],
  ] as const)("finds no order for the key %s (/%s)", async (key, action) => {
    await setOrder(t, orderId, { status: "WAITING_APPROVAL" });
    const payload = action === "courier" ? { name: "Ann", phone: "+37120000002" } : undefined;
    const endpoint =
      action === "courier" ? opsEndpoints.assignCourier(orderId) : opsEndpoints.moveOrder(orderId, action);
    const answer = await ops(t.app, keys[key], "POST", opsPath(endpoint), payload);
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe("OrderNotFoundException");
  });

  it("documents the ops API with its security scheme", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(doc.components.securitySchemes.opsApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "X-Api-Key",
    });
    for (const path of [
      "/api/ops/orders",
      "/api/ops/orders/{id}/accept",
      "/api/ops/orders/{id}/courier-location",
    ]) {
      const operation = doc.paths[path].get ?? doc.paths[path].post;
      expect(operation).toMatchObject({ tags: ["ops"], security: [{ opsApiKey: [] }] });
    }
  });
});

describe("listing orders", () => {
  it("pages the partner's orders newest first, by status, and a vendor key sees its vendor's only", async () => {
    const first = await newOrder();
    const second = await newOrder();
    await setOrder(t, first.id, { status: "READY" });
    await setOrder(t, second.id, { status: "READY" });

    const ready = await ops(
      t.app,
      keys.DISPATCH,
      "GET",
      opsPath(opsEndpoints.orders({ status: "READY", size: 1 })),
    );
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ page: 1, size: 1, totalElements: 2, totalPages: 2 });
    expect(ready.body.content.map((o: { id: number }) => o.id)).toEqual([second.id]);
    const next = await ops(
      t.app,
      keys.DISPATCH,
      "GET",
      opsPath(opsEndpoints.orders({ status: "READY", size: 1, page: 2 })),
    );
    expect(next.body.content.map((o: { id: number }) => o.id)).toEqual([first.id]);

    const all = await ops(t.app, keys.VENDOR, "GET", opsPath(opsEndpoints.orders({ size: 100 })));
    expect(all.body.totalElements).toBeGreaterThanOrEqual(3);
    expect(
      all.body.content.every((o: { vendors: Array<{ id: number }> }) => o.vendors[0]?.id === restaurant.id),
    ).toBe(true);
    const theirs = await ops(t.app, keys.otherVendor, "GET", opsPath(opsEndpoints.orders()));
    expect(theirs.body).toMatchObject({ content: [], totalElements: 0 });
    const elsewhere = await ops(t.app, keys.otherPartner, "GET", opsPath(opsEndpoints.orders()));
    expect(elsewhere.body).toMatchObject({ content: [], totalElements: 0 });

    expect(
      (await ops(t.app, keys.DISPATCH, "GET", opsPath(opsEndpoints.orders({ status: "LOST" })))).status,
    ).toBe(400);
  });
});

describe("the courier", () => {
  const courier = { name: "Ann Bērziņa", phone: "+37120000002" };
  const location = { latitude: 56.951, longitude: 24.113 };
  const assign = (key: string, id = orderId, body: object = courier) =>
    ops(t.app, key, "POST", opsPath(opsEndpoints.assignCourier(id)), body);
  const locate = (key: string, id = orderId, body: object = location) =>
    ops(t.app, key, "POST", opsPath(opsEndpoints.courierLocation(id)), body);

  it("is named by dispatch or the courier, and the customer sees them", async () => {
    const order = await newOrder();
    await setOrder(t, order.id, { status: "PREPARING" });
    const answer = await assign(keys.COURIER, order.id);
    expect(answer.status).toBe(200);
    expect(answer.body.courier).toEqual(courier);
    const { body } = await callEndpoint(t.app, endpoints.customer.order(order.id), session);
    expect(body).toMatchObject({ courier, courierLocation: null });
  });

  it.each([
    ["a vendor key", "VENDOR", "PREPARING", {}, 403],
    ["a final order", "DISPATCH", "COMPLETED", {}, 400],
    ["an unpaid order", "DISPATCH", "CREATED", {}, 400],
    ["a takeaway order", "DISPATCH", "PREPARING", { receiptType: "TAKEAWAY" as const }, 400],
  ] as const)("is not named by or for %s", async (_name, role, status, extra, expected) => {
    const order = await newOrder();
    await setOrder(t, order.id, { status, ...extra });
    const answer = await assign(keys[role], order.id);
    expect(answer.status).toBe(expected);
    expect(answer.body.type).toBe(expected === 403 ? "ForbiddenException" : "CourierNotAssignableException");
  });

  it.each([
    [{ name: "", phone: "+37120000002" }, "name"],
    [{ name: "Ann", phone: "call me" }, "phone"],
    [{ latitude: 91, longitude: 24 }, "latitude"],
  ])("refuses %j", async (body, field) => {
    await setOrder(t, orderId, { status: "ON_DELIVERY" });
    const answer =
      "latitude" in body
        ? await locate(keys.DISPATCH, orderId, body)
        : await assign(keys.DISPATCH, orderId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it.each([
    ["ON_DELIVERY", 200],
    ["ARRIVED", 200],
    ["READY", 400],
    ["WAITING_APPROVAL", 400],
    ["COMPLETED", 400],
  ] as Array<[OrderStatusName, number]>)(
    "has its location stored while the order is %s: %i",
    async (status, expected) => {
      const order = await newOrder();
      await setOrder(t, order.id, { status });
      const answer = await locate(keys.COURIER, order.id);
      expect(answer.status).toBe(expected);
      const { body } = await callEndpoint(t.app, endpoints.customer.order(order.id), session);
      if (expected === 200) {
        expect(answer.body.courierLocation).toEqual(location);
        expect(body.courierLocation).toEqual(location);
      } else {
        expect(answer.body.type).toBe("OrderNotOnDeliveryException");
        expect(body.courierLocation).toBeNull();
      }
    },
  );

  it("is announced on the customer's tracking socket, then followed on the way", async () => {
    const order = await newOrder();
    await setOrder(t, order.id, { status: "READY" });
    const socket = await (t.app as Trackable).injectWS(apiPath(endpoints.trackOrder(order.id)), {
      headers: { cookie: session },
    });
    const messages: Array<Record<string, unknown>> = [];
    socket.on("message", (data) => messages.push(JSON.parse(data.toString())));
    const arrived = (type: string) =>
      vi.waitFor(() => messages.find((m) => m.type === type) ?? Promise.reject());
    try {
      expect((await assign(keys.DISPATCH, order.id)).status).toBe(200);
      expect(await arrived("COURIER_FOUND")).toMatchObject({
        courierName: courier.name,
        courierPhone: courier.phone,
      });
      expect((await move(keys.COURIER, "on-delivery", order.id)).status).toBe(200);
      expect((await locate(keys.COURIER, order.id)).status).toBe(200);
      expect(await arrived("COURIER_LOCATION_UPDATE")).toMatchObject(location);
    } finally {
      socket.terminate();
    }
  });

  it("is not moved by a vendor key", async () => {
    await setOrder(t, orderId, { status: "ON_DELIVERY" });
    expect((await locate(keys.VENDOR)).status).toBe(403);
  });
});
