import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { consoleEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueMessages } from "../src/accounts/outbox-repository.ts";
import { outboxMessages } from "../src/db/schema.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { parseMetrics } from "./metrics-text.ts";
import { addOpsKey, opsEndpointCall } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";

/** The operator's message relay, at the network edge: it takes a message (204) or is down (503). */
let relay: Server;
let relayUp = true;
const relayed: Array<{ channel: string; to: string; subject?: string; text: string }> = [];

/** Monday 14:00 in Riga, moved on by the tests as the worker's waits pass. */
let clock = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
let dispatch: string;
let manager: string;
const METRICS_TOKEN = "metrics-token-of-the-outbox-test";

beforeAll(async () => {
  relay = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      if (!relayUp) return response.writeHead(503).end();
      relayed.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  t = await startTestApp({
    clock: () => clock,
    messageRelay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/messages`,
    metricsToken: METRICS_TOKEN,
  });
  dispatch = await addOpsKey(t, { role: "DISPATCH" });
  manager = await staffSession(t, "MANAGER", "outbox-manager@dostavka.example");
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => relay.close(resolve));
});

let phones = 0;
/** A customer signed in with the code the relay carried (the outbox keeps no code once sent). */
async function customerWithDevice() {
  phones += 1;
  const phone = `3712${7_000_000 + phones}`;
  await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: DEMO,
  });
  const sms = relayed.findLast((message) => message.to === `+${phone}`);
  const code = /\d{4,6}/.exec(sms?.text ?? "")?.[0];
  const login = await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers: DEMO,
    payload: { phone, token: code },
  });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers["set-cookie"]).split(";")[0] as string;
  const token = `fcm-token-of-device-${phones}`;
  const registered = await t.app.inject({
    method: "PUT",
    url: apiPath(endpoints.customer.fcmToken()),
    headers: { ...DEMO, cookie, "x-platform": "android" },
    payload: { token, projectId: "dostavka-demo" },
  });
  expect(registered.statusCode).toBe(204);
  return { cookie, token };
}

let menu: Awaited<ReturnType<typeof findDish>> | undefined;
/** A cash order of the customer's, waiting for the kitchen. */
async function orderOf(cookie: string): Promise<number> {
  menu ??= await findDish(t.app);
  const order = await placeOrder(t.app, cookie, menu, "CASH");
  return order.id as number;
}

const accept = (orderId: number) =>
  opsEndpointCall(t.app, dispatch, opsEndpoints.moveOrder(orderId, "accept"));

async function pushesOf(orderId: number) {
  return t.database.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId));
}

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

describe("the message outbox", () => {
  it("queues the customer's push with the status change and sends it to the provider at once", async () => {
    const { cookie, token } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    expect((await accept(orderId)).status).toBe(200);
    expect(relayed.at(-1)).toEqual({
      channel: "PUSH",
      to: token,
      subject: "OrderStatusChangedEvent",
      text: JSON.stringify({ type: "OrderStatusChangedEvent", orderID: orderId, status: "APPROVED" }),
    });
    expect(await pushesOf(orderId)).toMatchObject([{ status: "SENT", attempts: 1, recipient: token }]);
  });

  it("keeps a push while the provider is down and sends it when due after it is back: none is lost", async () => {
    const { cookie, token } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    relayUp = false;
    try {
      expect((await accept(orderId)).status).toBe(200);
      expect(await pushesOf(orderId)).toMatchObject([
        { status: "PENDING", attempts: 1, lastError: "the message relay answered 503" },
      ]);
      // The worker waits before the next try.
      expect(await t.app.services.outbox.deliverDue()).toBe(0);
    } finally {
      relayUp = true;
    }
    later(10);
    expect(await t.app.services.outbox.deliverDue()).toBe(1);
    expect(relayed.at(-1)).toMatchObject({ channel: "PUSH", to: token });
    expect(await pushesOf(orderId)).toMatchObject([{ status: "SENT", attempts: 2 }]);
  });

  it("sends a message again after the lease of a process that died while sending it", async () => {
    const { cookie } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    relayUp = false;
    try {
      await accept(orderId);
    } finally {
      relayUp = true;
    }
    later(10);
    // Another process took it and died before it told what became of it.
    const [taken] = await claimDueMessages(t.database.db, {
      now: clock,
      leaseUntil: new Date(clock.getTime() + 60_000),
      limit: 10,
    });
    expect(taken?.orderId).toBe(orderId);
    expect(await t.app.services.outbox.deliverDue()).toBe(0);
    later(61);
    expect(await t.app.services.outbox.deliverDue()).toBe(1);
    expect(await pushesOf(orderId)).toMatchObject([{ status: "SENT" }]);
  });

  it("marks a push failed after its last try, with the provider's reason on the console's order page and in the metrics", async () => {
    const { cookie } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    relayUp = false;
    try {
      await accept(orderId);
      for (let tries = 1; tries < 8; tries++) {
        later(15 * 60);
        await t.app.services.outbox.deliverDue();
      }
    } finally {
      relayUp = true;
    }
    expect(await pushesOf(orderId)).toMatchObject([
      { status: "FAILED", attempts: 8, lastError: "the message relay answered 503" },
    ]);
    later(15 * 60);
    expect(await t.app.services.outbox.deliverDue()).toBe(0);

    const page = await consoleEndpointCall(t, manager, consoleEndpoints.order(orderId));
    expect(page.body.undeliveredMessages).toEqual([
      { channel: "PUSH", at: expect.any(String), reason: "the message relay answered 503" },
    ]);
    const scraped = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const figures = parseMetrics(scraped.body);
    expect(figures.value("messages_total", { channel: "PUSH", outcome: "failed" })).toBe(1);
    expect(figures.value("messages_total", { channel: "PUSH", outcome: "retried" })).toBeGreaterThanOrEqual(
      8,
    );
    expect(figures.value("messages_total", { channel: "SMS", outcome: "sent" })).toBeGreaterThanOrEqual(4);
  });
});
