import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDeliverySimulator } from "../src/simulator/delivery-simulator.ts";
import { call, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";

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
  await call(t.app, "POST", `/api/carts/${cartId}/products`, cookie, {
    vendorId: vendor?.id,
    productId: dish?.id,
  });
  if (options.preorder) {
    const slots = await call(t.app, "GET", `/api/carts/${cartId}/delivery-slots`, cookie);
    const preorderDateTime = options.preorder(slots.body.days);
    const set = await call(t.app, "PUT", `/api/carts/${cartId}`, cookie, { preorderDateTime });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  const placed = await call(t.app, "POST", "/api/customer/me/orders", cookie, { cartId });
  expect(placed.body).toMatchObject({ status: "WAITING_APPROVAL" });
  return { cookie: session, orderId: placed.body.id };
}

interface TestSocket {
  on(event: "message", listener: (data: Buffer) => void): void;
  on(event: "close", listener: (code: number) => void): void;
  send(text: string): void;
  terminate(): void;
}
type Injectable = FastifyInstance & {
  injectWS(
    path: string,
    context?: { headers?: Record<string, string> },
    options?: { onInit?: (socket: TestSocket) => void },
  ): Promise<TestSocket>;
};

/**
 * Connects to the order's tracking socket and collects the JSON messages it receives. Listeners go
 * on as the socket is made: the server may speak before the upgrade's promise settles.
 */
async function track(orderId: number, cookie: string | null) {
  const messages: Array<Record<string, unknown>> = [];
  const waiters: Array<() => void> = [];
  let closeCode: (code: number) => void = () => {};
  const closed = new Promise<number>((resolve) => {
    closeCode = resolve;
  });
  const socket = await (t.app as Injectable).injectWS(
    `/api/customer/orders/track?orderID=${orderId}`,
    { headers: cookie ? { cookie } : {} },
    {
      onInit: (ws) => {
        ws.on("message", (data) => {
          const text = data.toString();
          messages.push(text === "pong" ? { type: "pong" } : JSON.parse(text));
          for (const wake of waiters.splice(0)) wake();
        });
        ws.on("close", (code) => closeCode(code));
      },
    },
  );
  /** Resolves once a message matching the predicate has arrived. */
  const next = (match: (m: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const check = () => {
        const found = messages.find(match);
        if (found) resolve(found);
        else waiters.push(check);
      };
      check();
    });
  return { socket, messages, next, closed };
}

describe("order tracking socket", () => {
  it("tells the owner the order's status first and answers the heartbeat", async () => {
    const { cookie, orderId } = await placedOrder();
    const tracker = await track(orderId, cookie);
    const status = await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    expect(status).toMatchObject({ orderID: orderId, status: "WAITING_APPROVAL", actor: "SYSTEM" });
    tracker.socket.send("heartbeat");
    await tracker.next((m) => m.type === "pong");
    tracker.socket.terminate();
  });

  it("lets no one else connect", async () => {
    const { orderId } = await placedOrder();
    const stranger = await signInCustomer(t.app);
    await expect(track(orderId, stranger.cookie)).rejects.toThrow(/404/);
    await expect(track(orderId, null)).rejects.toThrow(/401/);
    await expect(track(999_999, stranger.cookie)).rejects.toThrow(/404/);
  });

  it("carries a simulated delivery to the tracker: courier found, moving, then completed", async () => {
    const { cookie, orderId } = await placedOrder();
    const tracker = await track(orderId, cookie);
    await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    const simulator = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1,
      now: () => clock,
      intervalMs: null,
    });
    // A minute at a time, as the simulator would see the clock go round.
    for (let minute = 0; minute < 90 && !tracker.messages.some((m) => m.status === "COMPLETED"); minute++) {
      clock = new Date(clock.getTime() + 60_000);
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
    expect(tracker.messages.find((m) => m.type === "COURIER_FOUND")).toMatchObject({
      courierName: expect.any(String),
      courierPhone: expect.stringMatching(/^\+\d+$/),
    });
    const moves = tracker.messages.filter((m) => m.type === "COURIER_LOCATION_UPDATE");
    expect(moves.length).toBeGreaterThan(2);
    expect(new Set(moves.map((m) => `${m.latitude},${m.longitude}`)).size).toBe(moves.length);
    // The order ended: the server closes the socket normally.
    expect(await tracker.closed).toBe(1000);
  });

  it("keeps a preorder in the kitchen's queue and delivers it about its time", async () => {
    // The first slot at least three hours ahead, on the locality's clock.
    const { cookie, orderId } = await placedOrder({
      preorder: (days) => {
        const day = days[0] as { date: string; times: string[] };
        return `${day.date}T${day.times[6]}:00`;
      },
    });
    const order = async () => (await call(t.app, "GET", `/api/customer/me/orders/${orderId}`, cookie)).body;
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
    for (let minute = 0, status = ""; minute < 8 * 60 && status !== "COMPLETED"; minute++) {
      clock = new Date(clock.getTime() + 60_000);
      await simulator.tick();
      status = (await order()).status;
      if (!cookingStarted && status === "PREPARING") cookingStarted = clock;
    }
    const done = await order();
    expect(done.status).toBe("COMPLETED");
    // Accepted at once, cooked only when it makes the time, and handed over within minutes of it.
    expect(
      done.statusHistory.find((h: { status: string }) => h.status === "APPROVED").at < wanted.toISOString(),
    ).toBe(true);
    expect(wanted.getTime() - (cookingStarted as Date).getTime()).toBeLessThan(60 * 60_000);
    expect(Math.abs(new Date(done.completedAt).getTime() - wanted.getTime())).toBeLessThan(10 * 60_000);
  });
});
