import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATED_COURIERS } from "../src/seed/demo-staff.ts";
import { startDeliverySimulator } from "../src/simulator/delivery-simulator.ts";
import { callEndpoint, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { ops } from "./order-helpers.ts";
import { opsPath } from "./paths.ts";
import { track } from "./tracking-helpers.ts";

/** Monday 14:00 in Riga; the simulator's test moves the clock on. */
let clock = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

/** A cash order of a new customer (for a later time when asked): their cookie and the order id. */
async function placedOrder(
  options: { preorder?: (days: Array<{ date: string; times: string[] }>) => string } = {},
): Promise<{ cookie: string; orderId: number }> {
  const { cookie: session } = await signInCustomer(t.app);
  const [vendor] = await openRestaurants(t.app, 1);
  const dish = vendor?.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
  const { cartId, cookie } = await newCart(t.app, session);
  await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
    vendorId: vendor?.id,
    productId: dish?.id,
  });
  if (options.preorder) {
    const slots = await callEndpoint(t.app, endpoints.carts.deliverySlots(cartId), cookie);
    const preorderDateTime = options.preorder(slots.body.days);
    const set = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { preorderDateTime });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
  expect(placed.body).toMatchObject({ status: "WAITING_APPROVAL" });
  return { cookie: session, orderId: placed.body.id };
}

/** The order's tracking socket with the customer's cookie (none: no cookie at all). */
const trackOrder = (orderId: number, cookie: string | null) =>
  track(t.app, orderId, cookie ? { cookie } : null);

/** Takes the order to ON_DELIVERY with a courier through the ops API, as dispatch would. */
async function sendOnItsWay(orderId: number): Promise<void> {
  const key = DEMO_SECRETS.opsKeys.dispatch;
  for (const action of ["accept", "preparing", "ready"] as const) {
    const moved = await ops(t.app, key, "POST", opsPath(opsEndpoints.moveOrder(orderId, action)));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  }
  const courier = { name: "Jānis", phone: "+37120000001" };
  expect((await ops(t.app, key, "POST", opsPath(opsEndpoints.assignCourier(orderId)), courier)).status).toBe(
    200,
  );
  expect(
    (await ops(t.app, key, "POST", opsPath(opsEndpoints.moveOrder(orderId, "on-delivery")))).status,
  ).toBe(200);
}

const locate = (orderId: number, location: { latitude: number; longitude: number }) =>
  ops(t.app, DEMO_SECRETS.opsKeys.courier, "POST", opsPath(opsEndpoints.courierLocation(orderId)), location);

describe("order tracking socket", () => {
  it("tells the owner the order's status first and answers the heartbeat", async () => {
    const { cookie, orderId } = await placedOrder();
    const tracker = await trackOrder(orderId, cookie);
    const status = await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    expect(status).toMatchObject({ orderID: orderId, status: "WAITING_APPROVAL", actor: "SYSTEM" });
    tracker.socket.send("heartbeat");
    await tracker.next((m) => m.type === "pong");
    tracker.socket.terminate();
  });

  it("lets no one else connect", async () => {
    const { orderId } = await placedOrder();
    const stranger = await signInCustomer(t.app);
    await expect(trackOrder(orderId, stranger.cookie)).rejects.toThrow(/404/);
    await expect(trackOrder(orderId, null)).rejects.toThrow(/401/);
    await expect(trackOrder(999_999, stranger.cookie)).rejects.toThrow(/404/);
  });

  it("carries a simulated delivery to the tracker: courier found, moving, then completed, inside its first window", async () => {
    const { cookie, orderId } = await placedOrder();
    const tracker = await trackOrder(orderId, cookie);
    await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    const order = async () => (await callEndpoint(t.app, endpoints.customer.order(orderId), cookie)).body;
    const firstEta = (await order()).eta as { from: string; to: string };
    const simulator = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1,
      now: () => clock,
      intervalMs: null,
    });
    // A minute at a time, as the leader's dispatch rounds and the simulator would see the clock go
    // round (the simulator's couriers look at their offers within the minute, as they do each second).
    for (let minute = 0; minute < 90 && !tracker.messages.some((m) => m.status === "COMPLETED"); minute++) {
      clock = new Date(clock.getTime() + 60_000);
      await t.app.services.dispatch.tick(clock);
      await simulator.tick();
    }
    await tracker.next((m) => m.status === "COMPLETED");

    const statuses = tracker.messages.filter((m) => m.type === "ORDER_STATUS_UPDATE").map((m) => m.status);
    expect(statuses).toEqual([
      "WAITING_APPROVAL",
      "APPROVED",
      "PREPARING",
      "READY",
      "ON_DELIVERY",
      "ARRIVED",
      "COMPLETED",
    ]);
    // One of the simulator's couriers of the order's own city, offered it by automatic dispatch.
    const riga = SIMULATED_COURIERS.filter((courier) => courier.localityCode === "riga");
    const found = tracker.messages.find((m) => m.type === "COURIER_FOUND");
    expect(riga.map(({ name, phone }) => ({ name, phone }))).toContainEqual({
      name: found?.courierName,
      phone: found?.courierPhone,
    });
    expect(tracker.messages.findIndex((m) => m.type === "COURIER_FOUND")).toBeGreaterThan(
      tracker.messages.findIndex((m) => m.status === "PREPARING"),
    );
    const moves = tracker.messages.filter((m) => m.type === "COURIER_LOCATION_UPDATE");
    expect(moves.length).toBeGreaterThan(2);
    expect(new Set(moves.map((m) => `${m.latitude},${m.longitude}`)).size).toBe(moves.length);
    // The order ended: the server closes the socket normally.
    expect(await tracker.closed).toBe(1000);
    // The kitchen took its own time and the courier rode the streets: the window told first held.
    const arrived = (await order()).statusHistory.find((h: { status: string }) => h.status === "ARRIVED").at;
    expect(
      arrived >= firstEta.from && arrived <= firstEta.to,
      `${arrived} in ${JSON.stringify(firstEta)}`,
    ).toBe(true);
  });

  // Eight simulated hours, a tick and a read per minute: on a busy machine this takes longer than the
  // usual 30 s to run, and a test that timed out would leave its loop ticking into the next one.
  it("keeps a preorder in the kitchen's queue and delivers it about its time", {
    timeout: 180_000,
  }, async () => {
    // The first slot at least three hours ahead, on the locality's clock.
    const { cookie, orderId } = await placedOrder({
      preorder: (days) => {
        const day = days[0] as { date: string; times: string[] };
        return `${day.date}T${day.times[6]}:00`;
      },
    });
    const order = async () => (await callEndpoint(t.app, endpoints.customer.order(orderId), cookie)).body;
    const wanted = new Date((await order()).preorderAt);
    expect(wanted.getTime() - clock.getTime()).toBeGreaterThanOrEqual(3 * 3_600_000);
    const simulator = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1,
      now: () => clock,
      intervalMs: null,
    });
    let cookingStarted: Date | null = null;
    let scheduled: { scheduled: boolean; canCancel: boolean; courier: unknown } | null = null;
    // Ten minutes a tick while the time is more than two hours off, a minute a tick from then on.
    const until = clock.getTime() + 8 * 3_600_000;
    for (let status = ""; clock.getTime() < until && status !== "COMPLETED"; ) {
      const far = wanted.getTime() - clock.getTime() > 2 * 3_600_000;
      clock = new Date(clock.getTime() + (far ? 10 : 1) * 60_000);
      await simulator.tick();
      const now = await order();
      status = now.status;
      if (!scheduled && status === "APPROVED") scheduled = now;
      if (!cookingStarted && status === "PREPARING") cookingStarted = clock;
    }
    // Accepted, it waits as scheduled: still the customer's to cancel, and no courier tied up yet.
    expect(scheduled).toMatchObject({ scheduled: true, canCancel: true, courier: null });
    const done = await order();
    expect(done.status).toBe("COMPLETED");
    // Accepted at once, cooked only when it makes the time, and handed over within minutes of it.
    expect(
      done.statusHistory.find((h: { status: string }) => h.status === "APPROVED").at < wanted.toISOString(),
    ).toBe(true);
    expect(wanted.getTime() - (cookingStarted as Date).getTime()).toBeLessThan(60 * 60_000);
    expect(Math.abs(new Date(done.completedAt).getTime() - wanted.getTime())).toBeLessThan(10 * 60_000);
  });

  it("lets the customer cancel a preorder the kitchen accepted but has not started, and no order at once", async () => {
    // Tomorrow or later, whatever hour the tests above left the clock at.
    const preorder = await placedOrder({
      preorder: (days) => {
        const day = days.at(-1) as { date: string; times: string[] };
        return `${day.date}T${day.times[0]}:00`;
      },
    });
    const atOnce = await placedOrder();
    const key = DEMO_SECRETS.opsKeys.dispatch;
    for (const { orderId } of [preorder, atOnce])
      expect((await ops(t.app, key, "POST", opsPath(opsEndpoints.moveOrder(orderId, "accept")))).status).toBe(
        200,
      );
    const cancel = ({ cookie, orderId }: { cookie: string; orderId: number }) =>
      callEndpoint(t.app, endpoints.customer.cancelOrder(orderId), cookie);
    const refused = await cancel(atOnce);
    expect(refused.status).toBe(400);
    expect(refused.body.type).toBe("OrderStatusTransitionException");
    const cancelled = await cancel(preorder);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELED", canCancel: false, scheduled: false });
  });

  it("tells every socket of the order each courier move once, in the spec's shape", async () => {
    const { cookie, orderId } = await placedOrder();
    await sendOnItsWay(orderId);
    const trackers = [];
    for (let i = 0; i < 3; i++) {
      const tracker = await trackOrder(orderId, cookie);
      await tracker.next((m) => m.status === "ON_DELIVERY");
      trackers.push(tracker);
    }
    expect((await locate(orderId, { latitude: 56.95, longitude: 24.11 })).status).toBe(200);
    expect((await locate(orderId, { latitude: 56.96, longitude: 24.12 })).status).toBe(200);
    for (const tracker of trackers) {
      await tracker.next((m) => m.latitude === 56.96);
      expect(tracker.messages.filter((m) => m.type === "COURIER_LOCATION_UPDATE")).toEqual([
        { type: "COURIER_LOCATION_UPDATE", latitude: 56.95, longitude: 24.11, orderID: orderId },
        { type: "COURIER_LOCATION_UPDATE", latitude: 56.96, longitude: 24.12, orderID: orderId },
      ]);
      tracker.socket.terminate();
    }
  });

  it("tells a socket opened later the order as it is now, not as the first socket found it", async () => {
    const { cookie, orderId } = await placedOrder();
    const first = await trackOrder(orderId, cookie);
    await first.next((m) => m.status === "WAITING_APPROVAL");
    await sendOnItsWay(orderId);
    expect((await locate(orderId, { latitude: 56.97, longitude: 24.13 })).status).toBe(200);
    await first.next((m) => m.latitude === 56.97);

    const later = await trackOrder(orderId, cookie);
    await later.next((m) => m.type === "ETA_UPDATE");
    expect(later.messages).toEqual([
      { type: "COURIER_FOUND", courierName: "Jānis", courierPhone: "+37120000001", orderID: orderId },
      { type: "COURIER_LOCATION_UPDATE", latitude: 56.97, longitude: 24.13, orderID: orderId },
      {
        type: "ORDER_STATUS_UPDATE",
        status: "ON_DELIVERY",
        actor: "DISPATCH",
        at: clock.toISOString(),
        orderID: orderId,
      },
      // The arrival window as the courier's last move left it.
      { type: "ETA_UPDATE", eta: { from: expect.any(String), to: expect.any(String) }, orderID: orderId },
    ]);
    first.socket.terminate();
    later.socket.terminate();
  });
});
