import {
  consoleEndpoints,
  courierEndpoints,
  devEndpoints,
  endpoints,
  opsEndpoints,
} from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couriers } from "../src/db/schema.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { addOpsKey, cashOrderInRiga, opsEndpointCall } from "./order-helpers.ts";
import { courierPath, devPath } from "./paths.ts";

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
        pickUp: expect.objectContaining({ latitude: expect.any(Number), longitude: expect.any(Number) }),
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
          : method === "GET"
            ? undefined
            : {};
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
