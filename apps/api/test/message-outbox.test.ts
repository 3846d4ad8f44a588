import fsp from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { adminEndpoints, consoleEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookSender } from "../src/accounts/messages.ts";
import { claimDueMessages } from "../src/accounts/outbox-repository.ts";
import { PushSenders } from "../src/accounts/push-senders.ts";
import { loadConfig } from "../src/config.ts";
import { outboxMessages, partners, sessions, users } from "../src/db/schema.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { type FcmStandIn, startFcmStandIn } from "./fcm-stand-in.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { parseMetrics } from "./metrics-text.ts";
import { addOpsKey, opsEndpointCall } from "./order-helpers.ts";
import { adminPath, apiPath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";
import { startSmtpStandIn } from "./smtp-stand-in.ts";

/** The operator's relay for SMS, at the network edge: it takes a message (204). */
let relay: Server;
const relayed: Array<{ channel: string; to: string; subject?: string; text: string }> = [];
/** Firebase Cloud Messaging and Google's token endpoint, at the network edge. */
let fcm: FcmStandIn;
/** The operator's mail server (SMTP_URL), at the network edge. */
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

/** Monday 14:00 in Riga, moved on by the tests as the worker's waits pass. */
let clock = new Date("2026-11-23T12:00:00Z");
let t: TestApp;
let dispatch: string;
let manager: string;
const METRICS_TOKEN = "metrics-token-of-the-outbox-test";
const ADMIN_KEY = "super-admin-key-of-the-outbox-test-0123456789";

beforeAll(async () => {
  relay = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      relayed.push(JSON.parse(body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  fcm = await startFcmStandIn();
  smtp = await startSmtpStandIn();
  t = await startTestApp({
    smtpUrl: smtp.url,
    clock: () => clock,
    messageRelay: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/messages`,
    fcm: { account: fcm.serviceAccount, apiUrl: fcm.url },
    metricsToken: METRICS_TOKEN,
    superAdminKey: ADMIN_KEY,
    payments: { provider: "sandbox", keysSecret: "the partner keys secret of the outbox test, 32+" },
  });
  dispatch = await addOpsKey(t, { role: "DISPATCH" });
  manager = await staffSession(t, "MANAGER", "outbox-manager@dostavka.example");
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => relay.close(resolve));
  await fcm.close();
  await smtp.stop();
});

let phones = 0;
/** A customer signed in with the code the relay carried (the outbox keeps no code once sent). */
async function customerWithDevice(lang?: string, projectId = "dostavka-demo") {
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
    payload: { token, projectId },
  });
  expect(registered.statusCode).toBe(204);
  if (lang) await t.database.db.update(users).set({ lang }).where(eq(users.phone, phone));
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

/** An order's messages in the order they were queued (PostgreSQL returns updated rows in no set order). */
async function pushesOf(orderId: number) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.orderId, orderId))
    .orderBy(outboxMessages.id);
}

const later = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};

/** Down for a while: FCM answers 503 until `up`. */
async function whileFcmDown(steps: () => Promise<void>) {
  fcm.setDown(true);
  try {
    await steps();
  } finally {
    fcm.setDown(false);
  }
}

describe("status pushes through the outbox and FCM", () => {
  it("queues the customer's push with the status change and sends it through FCM at once, in their language", async () => {
    const { cookie, token } = await customerWithDevice("lv");
    const orderId = await orderOf(cookie);
    expect((await accept(orderId)).status).toBe(200);
    // The spec's push-tap payload as FCM data (strings), and what the phone shows in Latvian.
    expect(fcm.delivered.at(-1)).toEqual({
      token,
      notification: { title: `Pasūtījums Nr. ${orderId}`, body: "Tiek gatavots" },
      data: { type: "OrderStatusChangedEvent", orderID: String(orderId), status: "APPROVED" },
      android: { priority: "HIGH" },
    });
    expect(await pushesOf(orderId)).toMatchObject([{ status: "SENT", attempts: 1, recipient: token }]);
    // Sign-in codes still go through the relay: pushes do not.
    expect(relayed.every((message) => message.channel === "SMS")).toBe(true);
  });

  it("forgets a device FCM no longer knows and does not try it again", async () => {
    const { cookie, token } = await customerWithDevice();
    fcm.unregister(token);
    const orderId = await orderOf(cookie);
    await accept(orderId);
    expect(await pushesOf(orderId)).toMatchObject([
      { status: "FAILED", attempts: 1, lastError: "FCM: the device is no longer registered (UNREGISTERED)" },
    ]);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.fcmToken, token));
    expect(session).toBeUndefined();
    // The next move of the order pushes to no device.
    await opsEndpointCall(t.app, dispatch, opsEndpoints.moveOrder(orderId, "preparing"));
    expect(await pushesOf(orderId)).toHaveLength(1);
  });

  it("keeps a push while FCM is out of reach and sends it when due once it is back: none is lost", async () => {
    const { cookie, token } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    // FCM's server stops listening: every connection is refused.
    await fcm.stop();
    try {
      expect((await accept(orderId)).status).toBe(200);
      expect(await pushesOf(orderId)).toMatchObject([
        // Refused, or the kept connection found closed: the network's own word for it.
        {
          status: "PENDING",
          attempts: 1,
          lastError: expect.stringMatching(
            /^FCM could not be reached \((ECONNREFUSED|UND_ERR_SOCKET|ECONNRESET)\)$/,
          ),
        },
      ]);
      // Still out of reach at its next try: it waits longer.
      later(10);
      expect(await t.app.services.outbox.deliverDue()).toBe(1);
      expect(await pushesOf(orderId)).toMatchObject([{ status: "PENDING", attempts: 2 }]);
      expect(await t.app.services.outbox.deliverDue()).toBe(0);
    } finally {
      await fcm.start();
    }
    later(30);
    expect(await t.app.services.outbox.deliverDue()).toBe(1);
    expect(fcm.delivered.at(-1)).toMatchObject({ token });
    expect(await pushesOf(orderId)).toMatchObject([{ status: "SENT", attempts: 3 }]);
  });

  it("sends a message again after the lease of a process that died while sending it", async () => {
    const { cookie } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    await whileFcmDown(async () => {
      await accept(orderId);
    });
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
    await whileFcmDown(async () => {
      await accept(orderId);
      for (let tries = 1; tries < 8; tries++) {
        later(15 * 60);
        await t.app.services.outbox.deliverDue();
      }
    });
    expect(await pushesOf(orderId)).toMatchObject([
      { status: "FAILED", attempts: 8, lastError: "FCM answered 503 UNAVAILABLE" },
    ]);
    later(15 * 60);
    expect(await t.app.services.outbox.deliverDue()).toBe(0);

    const page = await consoleEndpointCall(t, manager, consoleEndpoints.order(orderId));
    expect(page.body.undeliveredMessages).toEqual([
      { channel: "PUSH", at: expect.any(String), reason: "FCM answered 503 UNAVAILABLE" },
    ]);
    const scraped = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const figures = parseMetrics(scraped.body);
    expect(figures.value("messages_total", { channel: "PUSH", outcome: "failed" })).toBe(2);
    expect(figures.value("messages_total", { channel: "PUSH", outcome: "retried" })).toBeGreaterThanOrEqual(
      8,
    );
    expect(figures.value("messages_total", { channel: "SMS", outcome: "sent" })).toBeGreaterThanOrEqual(4);
  });
});

describe("FCM's settings", () => {
  it("reads the service account's key as JSON or from its file, and refuses one without its fields, naming them", async () => {
    const key = JSON.stringify(fcm.serviceAccount);
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: key }).fcm).toEqual({
      account: fcm.serviceAccount,
      apiUrl: "https://fcm.googleapis.com",
    });
    const file = path.join(os.tmpdir(), `fcm-key-${process.pid}.json`);
    await fsp.writeFile(file, key);
    try {
      expect(loadConfig({ FCM_SERVICE_ACCOUNT: file, FCM_API_URL: fcm.url }).fcm?.apiUrl).toBe(fcm.url);
    } finally {
      await fsp.rm(file);
    }
    const { private_key: _, ...keyless } = fcm.serviceAccount;
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT: JSON.stringify(keyless) })).toThrow(
      /FCM_SERVICE_ACCOUNT: the service account's key lacks private_key/,
    );
  });
});

describe("e-mail through the outbox", () => {
  it("sends an invoice whole with its PDF, keeps it while the mail server is down, and gives up on a mailbox that does not exist", async () => {
    const { cookie } = await customerWithDevice();
    const orderId = await orderOf(cookie);
    const emailInvoice = (email: string) =>
      callEndpoint(t.app, endpoints.customer.emailInvoice(orderId), cookie, { email });
    const kept = async (to: string) =>
      (await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to)))[0];

    expect((await emailInvoice("anna@example.com")).status).toBe(200);
    const mail = smtp.taken.find((taken) => taken.to.includes("anna@example.com"));
    expect(mail?.from).toMatch(/@/);
    expect(mail?.message).toMatch(/^Subject: .+$/m);
    expect(mail?.message).toMatch(/Content-Type: application\/pdf/);
    // Sent: its text and subject are kept, not its attachment.
    expect(await kept("anna@example.com")).toMatchObject({ channel: "EMAIL", status: "SENT", mime: null });

    // The mail server is down: the customer's request is taken, and the e-mail waits for it.
    await smtp.stop();
    try {
      expect((await emailInvoice("berta@example.com")).status).toBe(200);
      expect(await kept("berta@example.com")).toMatchObject({ status: "PENDING", attempts: 1 });
      expect((await kept("berta@example.com"))?.lastError).toMatch(/ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
    later(60);
    expect(await t.app.services.outbox.deliverDue()).toBe(1);
    const late = smtp.taken.find((taken) => taken.to.includes("berta@example.com"));
    expect(late?.message).toMatch(/Content-Type: application\/pdf/);
    expect(await kept("berta@example.com")).toMatchObject({ status: "SENT", attempts: 2 });

    // A mailbox the server refuses for good is not tried again.
    expect((await emailInvoice("nobody@example.com")).status).toBe(200);
    expect(await kept("nobody@example.com")).toMatchObject({ status: "FAILED", attempts: 1 });
    expect((await kept("nobody@example.com"))?.lastError).toMatch(/No such mailbox/);
  });
});

describe("a partner's own push account (its brand's app)", () => {
  const pushSetting = (method: "GET" | "PUT" | "DELETE", body?: object) => {
    const endpoint = adminEndpoints.partnerPush("demo", method);
    return t.app.inject({
      method: endpoint.method,
      url: adminPath(endpoint),
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      ...(body ? { payload: body } : {}),
    });
  };
  const statusOf = async (orderId: number) => (await pushesOf(orderId)).map((push) => push.status);

  it("refuses a key that is not a service account's, one whose token_uri is elsewhere, and one Google refuses, naming the key", async () => {
    const refusal = async (serviceAccount: string) => {
      const answer = await pushSetting("PUT", { serviceAccount });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().details).toEqual([{ field: "serviceAccount", message: expect.any(String) }]);
      return answer.json().details[0].message as string;
    };
    expect(await refusal("not json")).toBe("the service account's key is not JSON");
    const { client_email: _, ...anonymous } = fcm.serviceAccount;
    expect(await refusal(JSON.stringify(anonymous))).toBe("the service account's key lacks client_email");
    // No call to an address the paste names, other than Google's (or FCM_API_URL's, a stand-in's).
    expect(
      await refusal(JSON.stringify({ ...fcm.serviceAccount, token_uri: "http://169.254.169.254/token" })),
    ).toBe("the key's token_uri must be https://oauth2.googleapis.com/token");
    const other = await fcm.addProject("someone-else-app");
    expect(await refusal(JSON.stringify({ ...fcm.serviceAccount, private_key: other.private_key }))).toBe(
      "Google refused the key: make a new one",
    );
    expect((await pushSetting("GET")).json()).toMatchObject({ account: "deployment", sender: "fcm" });
  });

  it("sends each push through the account of its device's app: the brand's own, the deployment's for the old app, none for another's", async () => {
    const brand = await fcm.addProject("dostavka-brand-app");
    const set = await pushSetting("PUT", { serviceAccount: JSON.stringify(brand) });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      code: "demo",
      account: "own",
      sender: "fcm",
      projectId: "dostavka-brand-app",
      clientEmail: brand.client_email,
    });
    // The key is kept sealed: neither its private key nor its e-mail can be read in the database.
    const stored = await t.database.db.execute("select service_account_sealed from partner_push_accounts");
    expect(JSON.stringify(stored)).not.toContain("PRIVATE KEY");

    const brandPhone = await customerWithDevice(undefined, "dostavka-brand-app");
    fcm.registerDevice(brandPhone.token, "dostavka-brand-app");
    const oldPhone = await customerWithDevice(undefined, "dostavka-demo");
    const strangePhone = await customerWithDevice(undefined, "someone-else-app");
    const [brandOrder, oldOrder, strangeOrder] = [
      await orderOf(brandPhone.cookie),
      await orderOf(oldPhone.cookie),
      await orderOf(strangePhone.cookie),
    ];
    for (const orderId of [brandOrder, oldOrder, strangeOrder]) await accept(orderId);
    const sentFrom = (token: string) =>
      fcm.deliveries
        .filter((delivery) => delivery.message.token === token)
        .map((delivery) => delivery.project);
    expect(sentFrom(brandPhone.token)).toEqual(["dostavka-brand-app"]);
    expect(sentFrom(oldPhone.token)).toEqual(["dostavka-demo"]);
    expect(await statusOf(strangeOrder)).toEqual(["FAILED"]);
    expect((await pushesOf(strangeOrder))[0]?.lastError).toBe(
      "the device's app is of Firebase project someone-else-app, which no account of this partner sends from",
    );

    // The operator sees which devices are reached.
    expect((await pushSetting("GET")).json().devices).toEqual(
      expect.arrayContaining([
        { projectId: "dostavka-brand-app", devices: expect.any(Number), reached: true },
        { projectId: "dostavka-demo", devices: expect.any(Number), reached: true },
        { projectId: "someone-else-app", devices: 1, reached: false },
      ]),
    );

    // Back to the deployment's account: the brand's app is reached no more, and says so.
    const back = await pushSetting("DELETE");
    expect(back.json()).toMatchObject({
      account: "deployment",
      projectId: "dostavka-demo",
      clientEmail: null,
    });
    expect(back.json().devices).toContainEqual({
      projectId: "dostavka-brand-app",
      devices: 1,
      reached: false,
    });
    await opsEndpointCall(t.app, dispatch, opsEndpoints.moveOrder(brandOrder, "preparing"));
    expect(await statusOf(brandOrder)).toEqual(["SENT", "FAILED"]);
  });

  it("leaves a deployment without an FCM account of its own to its relay for the devices the brand's account does not reach", async () => {
    const brand = await fcm.addProject("dostavka-relay-brand");
    expect((await pushSetting("PUT", { serviceAccount: JSON.stringify(brand) })).statusCode).toBe(200);
    try {
      // The same partner's pushes as a deployment that has the operator's relay and no FCM account sends them.
      const relayOnly = new PushSenders(
        t.database.db,
        {
          fcm: null,
          otherwise: webhookSender({ url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/push` }),
          otherwiseIs: "relay",
        },
        { vault: t.app.services.pushes.vault, fcmApiUrl: fcm.url, forget: async () => {}, report: () => {} },
      );
      const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
      const push = {
        partnerId: demo?.id ?? 0,
        channel: "PUSH" as const,
        text: '{"type":"OrderStatusChangedEvent"}',
      };
      await relayOnly.send({ ...push, to: "brand-app-device", project: "dostavka-relay-brand" });
      await relayOnly.send({ ...push, to: "deployment-app-device", project: "dostavka-demo" });
      expect(fcm.deliveries.filter((d) => d.message.token === "brand-app-device")).toEqual([
        expect.objectContaining({ project: "dostavka-relay-brand" }),
      ]);
      expect(relayed.filter((message) => message.to === "deployment-app-device")).toEqual([
        expect.objectContaining({ channel: "PUSH" }),
      ]);
    } finally {
      await pushSetting("DELETE");
    }
  });
});
