import { COURIER_KMH } from "@storefront/domain";
import { consoleEndpoints, type Endpoint, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema.ts";
import { callEndpoint, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { opsEndpointCall } from "./order-helpers.ts";
import { track } from "./tracking-helpers.ts";

/** Monday 14:00 in Riga; the test moves the clock on as the kitchen and the courier work. */
let clock = new Date("2026-11-23T12:00:00Z");
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

type Eta = { from: string; to: string };
const minutesFromNow = (instant: string) => (Date.parse(instant) - clock.getTime()) / 60_000;
const width = (eta: Eta) => (Date.parse(eta.to) - Date.parse(eta.from)) / 60_000;

describe("the live arrival window", () => {
  it("comes with the order, narrows on the tracking socket as it advances, and ends at the door", async () => {
    const { cookie: session } = await signInCustomer(t.app);
    const [vendor] = await openRestaurants(t.app, 1);
    if (!vendor) throw new Error("an open restaurant in Riga");
    const dish = vendor.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
    const { cartId, cookie } = await newCart(t.app, session);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: vendor.id,
      productId: dish?.id,
    });
    const detail = await callEndpoint(t.app, endpoints.vendors.detail(vendor.id), null);
    const cooking = detail.body.cookingTimeRange as { start: number; end: number };

    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
    expect(placed.status).toBe(201);
    const orderId = placed.body.id as number;
    const first = placed.body.eta as Eta;
    // Not before the kitchen's shortest time, and a window one can plan with.
    expect(minutesFromNow(first.from)).toBeGreaterThanOrEqual(cooking.start);
    expect(minutesFromNow(first.to)).toBeLessThan(cooking.end + 60);
    expect(width(first)).toBeGreaterThanOrEqual(4);

    // A tracker opening now is told the window with the order.
    const tracker = await track(t.app, orderId, { cookie: session });
    /** The first window told after the socket had heard `seen` messages. */
    const told = (seen: number) =>
      tracker.next((m) => m.type === "ETA_UPDATE" && tracker.messages.indexOf(m) >= seen);
    expect((await told(0)).eta).toEqual(first);

    const windows: Array<Eta | null> = [first];
    /**
     * A move through the ops API a few minutes on: the order it answers carries the new window and,
     * when the window changed, the tracker is told it.
     */
    const move = async (minutes: number, role: "dispatch" | "courier", endpoint: Endpoint, body?: object) => {
      later(minutes);
      const seen = tracker.messages.length;
      const moved = await opsEndpointCall(t.app, DEMO_SECRETS.opsKeys[role], endpoint, body);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const eta = moved.body.eta as Eta | null;
      if (JSON.stringify(eta) !== JSON.stringify(windows.at(-1))) expect((await told(seen)).eta).toEqual(eta);
      windows.push(eta);
      return moved.body;
    };
    await move(1, "dispatch", opsEndpoints.moveOrder(orderId, "accept"));
    await move(1, "dispatch", opsEndpoints.moveOrder(orderId, "preparing"));
    await move(cooking.start, "dispatch", opsEndpoints.moveOrder(orderId, "ready"));
    await move(0, "dispatch", opsEndpoints.assignCourier(orderId), { name: "Jānis", phone: "+37120000001" });
    const onTheWay = await move(2, "dispatch", opsEndpoints.moveOrder(orderId, "on-delivery"));

    // Halfway there, the window is a few minutes wide and closer.
    const destination = onTheWay.address as { latitude: number; longitude: number };
    const from = onTheWay.vendors[0] as { latitude: number; longitude: number };
    const halfway = {
      latitude: (from.latitude + destination.latitude) / 2,
      longitude: (from.longitude + destination.longitude) / 2,
    };
    const near = (await move(3, "courier", opsEndpoints.courierLocation(orderId), halfway)).eta as Eta;
    for (let i = 1; i < windows.length; i++)
      expect(width(windows[i] as Eta), JSON.stringify(windows)).toBeLessThanOrEqual(
        width(windows[i - 1] as Eta),
      );
    expect(width(near)).toBe(4);
    expect(Date.parse(near.to)).toBeLessThan(Date.parse(first.to));

    // The courier reports the same place again: the window has not changed, so nothing is told.
    const again = tracker.messages.length;
    await move(0, "courier", opsEndpoints.courierLocation(orderId), halfway);
    // At the door there is nothing more to wait for.
    const arrived = await move(3, "dispatch", opsEndpoints.moveOrder(orderId, "arrived"));
    expect(arrived.eta).toBeNull();
    expect(tracker.messages.slice(again).filter((m) => m.type === "ETA_UPDATE")).toEqual([
      expect.objectContaining({ eta: null }),
    ]);

    // The first window is kept, to compare with the arrival.
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row?.firstEta).toEqual(first);
    tracker.socket.terminate();
  });

  it("rides at the city's courier speed, as its manager sets it in the console", async () => {
    const manager = await staffSession(t, "MANAGER", "manager@arrival.example");
    const [vendor] = await openRestaurants(t.app, 1);
    const dish = vendor?.products.find((p) => plain(p) && p.price >= vendor.minOrderPrice);
    /** The first window's end, in minutes from now, of an order placed with couriers at this speed. */
    const arrivalAt = async (courierKmh: number) => {
      const shown = await consoleEndpointCall(t, manager, consoleEndpoints.citySettings("riga"));
      const { code: _code, name: _name, ...settings } = shown.body;
      const saved = await consoleEndpointCall(t, manager, consoleEndpoints.saveCitySettings("riga"), {
        ...settings,
        courierKmh,
      });
      expect(saved.body.courierKmh).toBe(courierKmh);
      const { cookie: session } = await signInCustomer(t.app);
      const { cartId, cookie } = await newCart(t.app, session);
      await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
        vendorId: vendor?.id,
        productId: dish?.id,
      });
      const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cookie, { cartId });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return minutesFromNow((placed.body.eta as Eta).to);
    };
    const walking = await arrivalAt(COURIER_KMH.min);
    const scooters = await arrivalAt(COURIER_KMH.max);
    expect(walking).toBeGreaterThan(scooters + 5);
  });
});
