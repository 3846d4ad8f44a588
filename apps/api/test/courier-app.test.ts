import {
  consoleEndpoints,
  courierEndpoints,
  devEndpoints,
  endpoints,
  opsEndpoints,
} from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { couriers } from "../src/db/schema.ts";
import { SIMULATED_COURIERS } from "../src/seed/demo-staff.ts";
import { startDeliverySimulator } from "../src/simulator/delivery-simulator.ts";
import { callEndpoint, type OpenVendor, openRestaurants, plain } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { addOpsKey, cashOrderInRiga, customer, opsEndpointCall, placeOrder } from "./order-helpers.ts";
import { apiPath, courierPath, devPath } from "./paths.ts";

/** Monday 14:00 in Riga (the demo's restaurants are open), moved on by the tests. */
let clock = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
let dispatcher: string;
let dispatchKey: string;

beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
  dispatcher = await staffSession(t, "DISPATCHER", "dispatch@courier-app.example");
  dispatchKey = await addOpsKey(t, { role: "DISPATCH" });
});
afterAll(() => t.close());

let addresses = 0;
/** A call of the courier app's API, from a network address of its own (the code limits are per address). */
function courierCall(
  endpoint: ReturnType<(typeof courierEndpoints)[keyof typeof courierEndpoints]>,
  options: { session?: string; payload?: object; headers?: Record<string, string>; from?: string } = {},
) {
  return t.app.inject({
    method: endpoint.method,
    url: courierPath(endpoint),
    headers: {
      "x-partner-code": "demo",
      ...(options.session?.startsWith("courier_session=") ? { cookie: options.session } : {}),
      ...(options.session && !options.session.startsWith("courier_session=")
        ? { authorization: `Bearer ${options.session}` }
        : {}),
      ...options.headers,
    },
    remoteAddress: options.from ?? "10.77.0.1",
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

/** The codes the demo's outbox kept for a number, newest first. */
async function codesSentTo(phone: string): Promise<string[]> {
  const kept = await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: phone })) });
  return kept.json().map((message: { code: string | null }) => message.code);
}

/** A demo courier signed in: their session cookie. */
async function signedInCourier(phone: string, headers: Record<string, string> = {}) {
  addresses += 1;
  // Past the number's resend wait.
  clock = new Date(clock.getTime() + 2 * 60_000);
  const from = `10.77.1.${addresses}`;
  expect((await courierCall(courierEndpoints.sendPhoneConfirmation(phone), { from })).statusCode).toBe(200);
  const [code] = await codesSentTo(phone.replace(/\s/g, ""));
  const login = await courierCall(courierEndpoints.login(), {
    payload: { phone, token: code },
    headers,
    from,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { login, cookie: String(login.headers["set-cookie"]).split(";")[0] as string };
}

describe("a courier's sign-in", () => {
  it("sends a code to a courier's phone only, answering every number alike, and signs the courier in with it", async () => {
    const stranger = "+37120999999";
    const asked = await courierCall(courierEndpoints.sendPhoneConfirmation(stranger), { from: "10.77.0.2" });
    expect(asked.statusCode).toBe(200);
    expect(await codesSentTo(stranger)).toEqual([]);
    // The stranger waits for a new code as a courier would: the answer tells nothing.
    const again = await courierCall(courierEndpoints.sendPhoneConfirmation(stranger), { from: "10.77.0.2" });
    expect(again.json().type).toBe("PhoneConfirmationTimeLimitException");

    const { login, cookie } = await signedInCourier("+371 2000 0101");
    expect(login.json()).toEqual({
      courier: {
        id: expect.any(Number),
        name: "Jānis Ozols",
        phone: "+37120000101",
        onShift: false,
        shiftStartedAt: null,
      },
    });
    expect(cookie).toMatch(/^courier_session=/);
    expect((await courierCall(courierEndpoints.me(), { session: cookie })).json().name).toBe("Jānis Ozols");
    // The courier's session is not a customer's.
    expect(
      (await callEndpoint(t.app, endpoints.customer.me(), cookie.replace("courier_session", "session")))
        .status,
    ).toBe(401);
  });

  it("does not take a customer's code for the courier's, nor a courier's on another partner's host", async () => {
    const phone = "+37120000202";
    await t.app.inject({
      method: "POST",
      url: `/api${endpoints.auth.sendPhoneConfirmation(phone.slice(1)).path}`,
      headers: { "x-partner-code": "demo" },
      remoteAddress: "10.77.0.3",
    });
    const [customerCode] = await codesSentTo(phone);
    const refused = await courierCall(courierEndpoints.login(), { payload: { phone, token: customerCode } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().type).toBe("PhoneConfirmationNotFoundException");

    const elsewhere = await courierCall(courierEndpoints.sendPhoneConfirmation(phone), {
      headers: { "x-partner-code": "verde" },
      from: "10.77.0.4",
    });
    expect(elsewhere.statusCode).toBe(200);
    expect((await codesSentTo(phone)).length).toBe(1);
  });

  it("gives a native shell its bearer token, and ends every session of a courier made inactive", async () => {
    const { login } = await signedInCourier("+380501234567", { "x-platform": "android" });
    const token = login.json().token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect((await courierCall(courierEndpoints.me(), { session: token })).statusCode).toBe(200);

    await t.database.db.update(couriers).set({ active: false }).where(eq(couriers.phone, "+380501234567"));
    try {
      expect((await courierCall(courierEndpoints.me(), { session: token })).statusCode).toBe(401);
    } finally {
      await t.database.db.update(couriers).set({ active: true }).where(eq(couriers.phone, "+380501234567"));
    }
    expect((await courierCall(courierEndpoints.logout(), { session: token })).statusCode).toBe(204);
    expect((await courierCall(courierEndpoints.me(), { session: token })).statusCode).toBe(401);
  });
});

describe("a courier's shift and jobs", () => {
  it("takes a job given by the dispatcher from the kitchen to the door, the customer's code closing it", async () => {
    const courier = await signedInCourier("+37120000101");
    const session = courier.cookie;
    const here = { latitude: 56.9496, longitude: 24.1052 };
    const offShift = await courierCall(courierEndpoints.location(), { session, payload: here });
    expect(offShift.statusCode).toBe(409);
    expect(offShift.json().errorCode).toBe("OFF_SHIFT");
    const on = await courierCall(courierEndpoints.shift(), { session, payload: { online: true } });
    expect(on.json()).toMatchObject({ onShift: true, shiftStartedAt: clock.toISOString() });
    // Before a delivery, the report's amounts are in the currency of the city the courier is in (the
    // demo's cities have three currencies): unknown until the app says where they are.
    const emptyShift = async () => (await courierCall(courierEndpoints.shiftReport(), { session })).json();
    expect(await emptyShift()).toMatchObject({ deliveries: 0, cashCollected: 0, currencyCode: null });
    expect((await courierCall(courierEndpoints.location(), { session, payload: here })).statusCode).toBe(204);
    expect(await emptyShift()).toMatchObject({ deliveries: 0, cashCollected: 0, currencyCode: "EUR" });

    // A cash order of a Riga restaurant, accepted and cooked, given to the courier by the dispatcher.
    const { buyer, order } = await cashOrderInRiga(t);
    for (const move of ["accept", "preparing", "ready"] as const)
      expect((await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, move))).status).toBe(
        200,
      );
    const [jānis] = await t.database.db.select().from(couriers).where(eq(couriers.phone, "+37120000101"));
    const assigned = await consoleEndpointCall(t, dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: jānis?.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);

    const jobs = (await courierCall(courierEndpoints.jobs(), { session })).json();
    expect(jobs.offers).toEqual([]);
    expect(jobs.active).toEqual([
      expect.objectContaining({
        orderId: order.id,
        status: "READY",
        // The counter's phone, to call the kitchen.
        pickUp: expect.objectContaining({
          latitude: expect.any(Number),
          longitude: expect.any(Number),
          phone: expect.stringMatching(/^\+3716\d{7}$/),
        }),
        dropOff: expect.objectContaining({
          latitude: order.address.latitude,
          longitude: order.address.longitude,
        }),
        customer: { name: null, phone: expect.stringMatching(/^\+3712/) },
        itemsCount: 1,
        payment: { type: "CASH", amountToCollect: order.price, currencyCode: "EUR" },
        offerExpiresAt: null,
      }),
    ]);
    // Another courier sees none of it, and cannot move it.
    const other = await signedInCourier("+37120000202");
    expect((await courierCall(courierEndpoints.jobs(), { session: other.cookie })).json().active).toEqual([]);
    const stranger = await courierCall(courierEndpoints.step(order.id, "picked-up"), {
      session: other.cookie,
    });
    expect(stranger.statusCode, stranger.body).toBe(404);
    // Going off shift with a job under way is refused.
    const busy = await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
    expect(busy.json().errorCode).toBe("JOBS_UNDER_WAY");

    const customerOrder = async () =>
      (await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session)).body;
    expect((await customerOrder()).handoverCode).toBeNull();
    const pickedUp = await courierCall(courierEndpoints.step(order.id, "picked-up"), { session });
    expect(pickedUp.json()).toMatchObject({ orderId: order.id, status: "ON_DELIVERY" });
    const { handoverCode } = await customerOrder();
    expect(handoverCode).toMatch(/^\d{4}$/);

    // The courier's position reaches the customer's order.
    expect((await courierCall(courierEndpoints.location(), { session, payload: here })).statusCode).toBe(204);
    expect((await customerOrder()).courierLocation).toEqual(here);

    expect((await courierCall(courierEndpoints.step(order.id, "arrived"), { session })).json().status).toBe(
      "ARRIVED",
    );
    const wrong = await courierCall(courierEndpoints.step(order.id, "delivered"), {
      session,
      payload: { handoverCode: handoverCode === "0000" ? "1111" : "0000" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      type: "InvalidHandoverCodeException",
      details: [{ field: "handoverCode", message: "not the customer's code (1 wrong)" }],
      wrongCodes: 1,
    });
    const delivered = await courierCall(courierEndpoints.step(order.id, "delivered"), {
      session,
      payload: { handoverCode },
    });
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toBeNull();
    expect(await customerOrder()).toMatchObject({ status: "COMPLETED", handoverCode: null });
    expect((await courierCall(courierEndpoints.jobs(), { session })).json().active).toEqual([]);

    // The shift's report: the delivery, the cash to hand in, the fee the customer paid; kept once off.
    const fee = order.prices.deliveryTotal;
    const report = {
      deliveries: 1,
      distanceKm: expect.any(Number),
      cashCollected: order.price,
      earnings: fee,
      tips: 0,
      currencyCode: "EUR",
    };
    expect((await courierCall(courierEndpoints.shiftReport(), { session })).json()).toMatchObject({
      ...report,
      shiftEndedAt: null,
    });
    clock = new Date(clock.getTime() + 60_000);
    const off = await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
    expect(off.json()).toMatchObject({ onShift: false, shiftStartedAt: null });
    expect((await courierCall(courierEndpoints.shiftReport(), { session })).json()).toMatchObject({
      ...report,
      shiftEndedAt: clock.toISOString(),
    });
  });
});

describe("a hand-over code that is not given", () => {
  it("takes five wrong codes, then leaves the delivery to the dispatcher, whose order page says so", async () => {
    const { cookie: session } = await signedInCourier("+380671112233");
    const { buyer, order } = await cashOrderInRiga(t);
    const [taras] = await t.database.db.select().from(couriers).where(eq(couriers.phone, "+380671112233"));
    await consoleEndpointCall(t, dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: taras?.id,
    });
    for (const move of ["accept", "preparing", "ready"] as const)
      await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, move));
    await courierCall(courierEndpoints.step(order.id, "picked-up"), { session });
    await courierCall(courierEndpoints.step(order.id, "arrived"), { session });
    const { handoverCode } = (await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session))
      .body;
    const wrong = handoverCode === "0000" ? "1111" : "0000";
    const deliver = (code: string) =>
      courierCall(courierEndpoints.step(order.id, "delivered"), { session, payload: { handoverCode: code } });
    for (let tries = 1; tries < 5; tries++) expect((await deliver(wrong)).statusCode).toBe(400);
    const fifth = await deliver(wrong);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().errorCode).toBe("HANDOVER_LOCKED");
    // Not even the right code now: the courier cannot keep guessing.
    expect((await deliver(handoverCode)).json().errorCode).toBe("HANDOVER_LOCKED");
    const page = await consoleEndpointCall(t, dispatcher, consoleEndpoints.order(order.id));
    expect(page.body.wrongHandoverCodes).toBe(5);
    // The dispatcher, having called the customer, completes it.
    expect(
      (await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, "complete"))).status,
    ).toBe(200);
  });
});

describe("a job from several vendors", () => {
  it("names each of its kitchens to call at, with its counter phone, the first one first", async () => {
    const [first, second] = (await openRestaurants(t.app, 2)) as [OpenVendor, OpenVendor];
    const dishOf = (kitchen: OpenVendor) =>
      (kitchen.products.find((p) => plain(p) && p.price >= kitchen.minOrderPrice) ?? kitchen.products[0]) as {
        id: number;
      };
    const buyer = await customer(t);
    const order = await placeOrder(t.app, buyer.session, first.id, [
      { productId: dishOf(first).id },
      { vendorId: second.id, productId: dishOf(second).id },
    ]);
    expect(order.vendorCarts.map((cart: { vendorId: number }) => cart.vendorId)).toEqual([
      first.id,
      second.id,
    ]);
    await kitchenMoves(order.id, ["accept", "preparing", "ready"]);
    const { cookie: session } = await signedInCourier("+37120000202");
    const [līga] = await t.database.db.select().from(couriers).where(eq(couriers.phone, "+37120000202"));
    await consoleEndpointCall(t, dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: līga?.id,
    });
    const job = (await courierCall(courierEndpoints.jobs(), { session }))
      .json()
      .active.find((one: { orderId: number }) => one.orderId === order.id);
    const [firstName, secondName] = order.vendors.map((vendor: { name: string }) => vendor.name);
    expect(job.pickUp).toMatchObject({ name: firstName, phone: expect.stringMatching(/^\+3716\d{7}$/) });
    expect(job.alsoPickUp).toEqual([
      expect.objectContaining({ name: secondName, phone: expect.stringMatching(/^\+3716\d{7}$/) }),
    ]);
    // The dispatcher, having called the customer, completes it: no job is left in Līga's hands.
    const completed = await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, "complete"));
    expect(completed.status).toBe(200);
  });
});

/** A courier on shift at a point, their app having said so. */
async function courierOnShiftAt(phone: string, point: { latitude: number; longitude: number }) {
  const { cookie: session } = await signedInCourier(phone);
  await courierCall(courierEndpoints.shift(), { session, payload: { online: true } });
  expect((await courierCall(courierEndpoints.location(), { session, payload: point })).statusCode).toBe(204);
  return session;
}

/** Moves an order on as its kitchen does, through the ops API. */
async function kitchenMoves(orderId: number, moves: readonly ("accept" | "preparing" | "ready")[]) {
  for (const move of moves)
    expect((await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(orderId, move))).status).toBe(
      200,
    );
}

type Sockets = {
  injectWS(path: string, context: { headers: Record<string, string> }, options?: object): Promise<Live>;
};
type Live = { on(event: "message", listener: (data: Buffer) => void): void; terminate(): void };

/** The courier app's live socket, open (it said READY), with the messages it has heard. */
async function liveSocketOf(session: string, headers: Record<string, string> = {}) {
  const messages: unknown[] = [];
  const socket = await (t.app as unknown as Sockets).injectWS(
    courierPath(courierEndpoints.live()),
    { headers: { cookie: session, ...headers } },
    { onInit: (ws: Live) => ws.on("message", (data) => messages.push(JSON.parse(data.toString()))) },
  );
  await vi.waitFor(() => expect(messages).toContainEqual({ type: "READY" }));
  return { socket, messages };
}

async function offersOf(session: string) {
  return (await courierCall(courierEndpoints.jobs(), { session })).json().offers as Array<{
    orderId: number;
    offerExpiresAt: string;
  }>;
}

describe("automatic dispatch", () => {
  it("offers an order once its food is nearly ready to the courier who reaches the kitchen soonest, who takes it", async () => {
    const { buyer, order } = await cashOrderInRiga(t);
    const kitchen = order.vendors[0] as { latitude: number; longitude: number };
    const near = await courierOnShiftAt("+37120000101", kitchen);
    const far = await courierOnShiftAt("+37120000202", {
      latitude: kitchen.latitude + 0.03,
      longitude: kitchen.longitude,
    });
    // Both apps are open: each hears of its own offers and jobs the moment they change.
    const [nearLive, farLive] = await Promise.all([liveSocketOf(near), liveSocketOf(far)]);
    // Accepted, the food is a quarter of an hour away: no courier is tied to the counter yet.
    await kitchenMoves(order.id, ["accept"]);
    expect(await offersOf(near)).toEqual([]);
    // Ready: the courier next to the kitchen is offered it, for the partner's 45 seconds.
    await kitchenMoves(order.id, ["preparing", "ready"]);
    await vi.waitFor(() => expect(nearLive.messages).toContainEqual({ type: "JOBS_CHANGED" }));
    expect(farLive.messages).toEqual([{ type: "READY" }]);
    nearLive.socket.terminate();
    farLive.socket.terminate();
    const offered = (await courierCall(courierEndpoints.jobs(), { session: near })).json();
    // The countdown runs on the server's clock, whatever the phone's says.
    expect(offered.serverTime).toBe(clock.toISOString());
    const [offer] = offered.offers;
    expect(offer).toMatchObject({
      orderId: order.id,
      status: "READY",
      offerExpiresAt: new Date(clock.getTime() + 45_000).toISOString(),
      pays: order.prices.deliveryTotal,
      proof: "CODE",
      payment: { type: "CASH", amountToCollect: order.price },
      // Whose door it is, and exactly where, is the courier's once they take it.
      customer: { name: null, phone: "" },
      dropOff: expect.objectContaining({ apartmentNumber: null, intercom: null }),
    });
    expect(await offersOf(far)).toEqual([]);

    const taken = await courierCall(courierEndpoints.accept(order.id), { session: near });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({
      orderId: order.id,
      offerExpiresAt: null,
      customer: { phone: expect.stringMatching(/^\+3712/) },
      dropOff: expect.objectContaining({ latitude: order.address.latitude }),
    });
    // A second tap (a retried request) answers the job again; the customer knows who brings it.
    expect((await courierCall(courierEndpoints.accept(order.id), { session: near })).statusCode).toBe(200);
    const followed = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(followed.body.courier).toMatchObject({ name: "Jānis Ozols", phone: "+37120000101" });
    expect((await courierCall(courierEndpoints.jobs(), { session: near })).json()).toMatchObject({
      offers: [],
      active: [expect.objectContaining({ orderId: order.id })],
    });
    // The other courier may not take it.
    expect((await courierCall(courierEndpoints.accept(order.id), { session: far })).statusCode).toBe(404);

    // Retried steps (the app's queue sent again after a signal drop) answer as the first did.
    for (const step of ["picked-up", "picked-up", "arrived", "arrived"] as const)
      expect((await courierCall(courierEndpoints.step(order.id, step), { session: near })).statusCode).toBe(
        200,
      );
    const { handoverCode } = (await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session))
      .body;
    for (let twice = 0; twice < 2; twice++) {
      const delivered = await courierCall(courierEndpoints.step(order.id, "delivered"), {
        session: near,
        payload: { handoverCode },
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
    }
    for (const session of [near, far])
      await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
  });

  it("gives a declined or unanswered offer to the next courier, never back, and leaves the order to the dispatcher when none is left", async () => {
    const { order } = await cashOrderInRiga(t);
    const kitchen = order.vendors[0] as { latitude: number; longitude: number };
    const first = await courierOnShiftAt("+37120000101", kitchen);
    const second = await courierOnShiftAt("+37120000202", { ...kitchen, latitude: kitchen.latitude + 0.01 });
    await kitchenMoves(order.id, ["accept", "preparing", "ready"]);
    expect((await offersOf(first)).map((offer) => offer.orderId)).toEqual([order.id]);

    // Declined: the next courier is offered it at once.
    expect((await courierCall(courierEndpoints.decline(order.id), { session: first })).statusCode).toBe(204);
    expect(await offersOf(first)).toEqual([]);
    expect((await offersOf(second)).map((offer) => offer.orderId)).toEqual([order.id]);
    // Unanswered for the partner's 45 seconds: it runs out; taking it then is refused.
    clock = new Date(clock.getTime() + 46_000);
    const late = await courierCall(courierEndpoints.accept(order.id), { session: second });
    expect(late.statusCode).toBe(409);
    expect(late.json().errorCode).toBe("OFFER_EXPIRED");
    await t.app.services.dispatch.tick(clock);
    // Neither courier is offered it again: the console's board shows it waiting for a courier.
    expect(await offersOf(first)).toEqual([]);
    expect(await offersOf(second)).toEqual([]);
    const board = await consoleEndpointCall(t, dispatcher, consoleEndpoints.order(order.id));
    expect(board.body).toMatchObject({ status: "READY", courier: null });

    // The dispatcher gives it by hand, as before dispatch.
    const [jānis] = await t.database.db.select().from(couriers).where(eq(couriers.phone, "+37120000101"));
    const given = await consoleEndpointCall(t, dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: jānis?.id,
    });
    expect(given.status).toBe(200);
    expect((await courierCall(courierEndpoints.jobs(), { session: first })).json().active).toEqual([
      expect.objectContaining({ orderId: order.id }),
    ]);
    // Given to the other courier instead: the first is told, once they look, until they have seen it.
    const [līga] = await t.database.db.select().from(couriers).where(eq(couriers.phone, "+37120000202"));
    await consoleEndpointCall(t, dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: līga?.id,
    });
    const told = (await courierCall(courierEndpoints.jobs(), { session: first })).json();
    expect(told).toMatchObject({
      active: [],
      notices: [{ id: expect.any(Number), orderId: order.id, kind: "REASSIGNED", at: clock.toISOString() }],
    });
    const notice = told.notices[0].id as number;
    expect((await courierCall(courierEndpoints.noticeSeen(notice), { session: second })).statusCode).toBe(
      404,
    );
    expect((await courierCall(courierEndpoints.noticeSeen(notice), { session: first })).statusCode).toBe(204);
    expect((await courierCall(courierEndpoints.jobs(), { session: first })).json().notices).toEqual([]);
    expect((await courierCall(courierEndpoints.jobs(), { session: second })).json()).toMatchObject({
      active: [expect.objectContaining({ orderId: order.id })],
      notices: [],
    });
    await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, "complete"));
    for (const session of [first, second])
      await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
  });

  it("plays the demo's couriers through the courier service where no person is on shift, and gives a person the city's orders", async () => {
    const { order } = await cashOrderInRiga(t);
    const kitchen = order.vendors[0] as { latitude: number; longitude: number };
    const simulator = startDeliverySimulator({
      app: t.app,
      apiKey: DEMO_SECRETS.opsKeys.dispatch,
      speed: 1,
      now: () => clock,
      intervalMs: null,
    });
    const riga: string[] = SIMULATED_COURIERS.filter((courier) => courier.localityCode === "riga").map(
      (courier) => courier.name,
    );
    const onShift = async () =>
      (
        await consoleEndpointCall(
          t,
          dispatcher,
          consoleEndpoints.couriers<{ name: string; onShift: boolean }>(),
        )
      ).body.couriers
        .filter((courier: { onShift: boolean }) => courier.onShift)
        .map((courier: { name: string }) => courier.name);
    // Nobody in Riga: the simulator's Riga couriers come on shift there, as a person's app would.
    await simulator.tick();
    expect(await onShift()).toEqual(expect.arrayContaining(riga));
    // A person comes on shift by the kitchen: the simulator's couriers of Riga let the city go.
    const session = await courierOnShiftAt("+37120000202", kitchen);
    const customerView = async () =>
      (await consoleEndpointCall(t, dispatcher, consoleEndpoints.order(order.id))).body;
    for (let minute = 0; minute < 60 && (await customerView()).status !== "READY"; minute++) {
      clock = new Date(clock.getTime() + 60_000);
      // The courier's app says where they are as the minutes pass.
      await courierCall(courierEndpoints.location(), { session, payload: kitchen });
      await simulator.tick();
    }
    // Cooked by the simulated kitchen, but no simulated courier took it: the person is offered it.
    expect(await customerView()).toMatchObject({ status: "READY", courier: null });
    expect((await onShift()).filter((name: string) => riga.includes(name))).toEqual([]);
    expect((await offersOf(session)).map((offer) => offer.orderId)).toEqual([order.id]);
    await courierCall(courierEndpoints.accept(order.id), { session });
    // The simulator leaves the person's job to them.
    clock = new Date(clock.getTime() + 10 * 60_000);
    await simulator.tick();
    expect((await customerView()).status).toBe("READY");
    simulator.stop();
    await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, "complete"));
    await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
  });

  it("finishes a contactless delivery with a photo at the door, which the customer and the console see", async () => {
    const { buyer, order } = await cashOrderInRiga(t, { contactless: true });
    const kitchen = order.vendors[0] as { latitude: number; longitude: number };
    const session = await courierOnShiftAt("+37120000101", kitchen);
    await kitchenMoves(order.id, ["accept", "preparing", "ready"]);
    const offer = (await courierCall(courierEndpoints.jobs(), { session })).json().offers[0];
    expect(offer).toMatchObject({ orderId: order.id, proof: "PHOTO" });
    await courierCall(courierEndpoints.accept(order.id), { session });
    await courierCall(courierEndpoints.step(order.id, "picked-up"), { session });
    await courierCall(courierEndpoints.step(order.id, "arrived"), { session });

    const notAPhoto = await courierCall(courierEndpoints.step(order.id, "delivered"), {
      session,
      payload: { photo: `data:image/jpeg;base64,${Buffer.from("not a picture").toString("base64")}` },
    });
    expect(notAPhoto.statusCode).toBe(400);
    expect(notAPhoto.json().details).toEqual([expect.objectContaining({ field: "photo" })]);
    const door = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 120, g: 90, b: 60 } },
    })
      .jpeg()
      .toBuffer();
    const delivered = await courierCall(courierEndpoints.step(order.id, "delivered"), {
      session,
      payload: { photo: `data:image/jpeg;base64,${door.toString("base64")}` },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);

    const seen = await callEndpoint(t.app, endpoints.customer.order(order.id), buyer.session);
    expect(seen.body).toMatchObject({
      status: "COMPLETED",
      deliveryPhotoUrl: expect.stringMatching(/^\/api\/delivery-photos\/[\w-]+\.[\w-]{43}$/),
    });
    // A signed link, as an <img> (no partner header) and the native app (no cookie) load it.
    const photo = await t.app.inject({ method: "GET", url: seen.body.deliveryPhotoUrl });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/webp");
    // Kept at most 1280 px wide, as a WebP.
    expect((await sharp(photo.rawPayload).metadata()).width).toBe(1280);
    // A link changed by hand opens nothing (its last letter always changed: one in 4,096 signatures
    // ends in "AA", which is what this test once wrote over them).
    const link: string = seen.body.deliveryPhotoUrl;
    const forged = await t.app.inject({
      method: "GET",
      url: `${link.slice(0, -1)}${link.endsWith("A") ? "B" : "A"}`,
    });
    expect(forged.statusCode).toBe(403);
    // Another customer cannot see it; the partner's dispatcher can.
    const stranger = await customer(t);
    const peek = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.deliveryPhoto(order.id)),
      headers: { "x-partner-code": "demo", cookie: stranger.session },
    });
    expect(peek.statusCode).toBe(404);
    expect((await callEndpoint(t.app, endpoints.customer.order(order.id), stranger.session)).status).toBe(
      404,
    );
    const console = await consoleEndpointCall(t, dispatcher, consoleEndpoints.order(order.id));
    expect(console.body.deliveryPhotoUrl).toMatch(/\/api\/console\/orders\/\d+\/delivery-photo$/);
    const seenByConsole = await t.app.inject({
      method: "GET",
      url: console.body.deliveryPhotoUrl,
      headers: { cookie: dispatcher },
    });
    expect(seenByConsole.headers["content-type"]).toBe("image/webp");
    await courierCall(courierEndpoints.shift(), { session, payload: { online: false } });
  });
});

describe("the courier app's live socket", () => {
  it("opens for a signed-in courier on their partner's own pages, and for no one else", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: courierPath(courierEndpoints.live()) })).statusCode,
    ).toBe(401);
    const { cookie, login } = await signedInCourier("+37120000101", { "x-platform": "android" });
    const token = login.json().token as string;
    expect(token).toEqual(expect.any(String));
    // The demo's own host, and a native shell (its token in the address: a WebSocket sends no header).
    (await liveSocketOf(cookie, { origin: "http://localhost:3000" })).socket.terminate();
    const native = await (t.app as unknown as Sockets).injectWS(
      courierPath(courierEndpoints.live({ token })),
      {
        headers: { origin: "capacitor://localhost" },
      },
    );
    native.terminate();
    // Another brand's host, or another site: refused before the upgrade.
    for (const origin of ["http://verde.localhost:3000", "https://evil.example"])
      await expect(liveSocketOf(cookie, { origin })).rejects.toThrow(/403/);
    await expect(liveSocketOf("courier_session=made-up-token-0000")).rejects.toThrow(/401/);
  });
});

describe("the courier app's doors", () => {
  it("open each operation of a courier's own to that courier only, on their partner's host", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const operations = Object.entries<Record<string, unknown>>(document.paths)
      .filter(([path]) => path.startsWith("/api/courier/me"))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(
      [
        "GET /api/courier/me",
        "GET /api/courier/me/jobs",
        "POST /api/courier/me/jobs/{id}/{step}",
        "POST /api/courier/me/jobs/{id}/accept",
        "POST /api/courier/me/jobs/{id}/decline",
        "POST /api/courier/me/notices/{id}/seen",
        "PUT /api/courier/me/location",
        "PUT /api/courier/me/shift",
        "GET /api/courier/me/shift-report",
      ].sort(),
    );
    const { cookie } = await signedInCourier("+37120000202");
    for (const { method, path } of operations) {
      const url = path.replace("{id}", "1").replace("{step}", "arrived");
      // A body the operation takes: the answer is the door's, not the body's.
      const payload = path.endsWith("/shift")
        ? { online: true }
        : path.endsWith("/location")
          ? { latitude: 56.95, longitude: 24.1 }
          : undefined;
      for (const [who, headers] of [
        ["nobody", { "x-partner-code": "demo" }],
        ["the courier on another partner's host", { "x-partner-code": "verde", cookie }],
      ] as const) {
        const answer = await t.app.inject({
          method: method as "GET",
          url,
          headers,
          ...(payload ? { payload } : {}),
        });
        expect(answer.statusCode, `${method} ${path} for ${who}`).toBe(401);
      }
    }
  });
});
