import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import ece from "http_ece";
import { decodeJwt, importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { outboxMessages, users, webPushSubscriptions } from "../src/db/schema.ts";
import { DEMO, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { addOpsKey, opsEndpointCall } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";

/** A browser's push service at the network edge: it takes each message (201) or says it is gone (410). */
let pushService: Server;
let origin: string;
const received: Array<{ path: string; headers: IncomingMessage["headers"]; body: Buffer }> = [];
const gone = new Set<string>();

const VAPID = webpush.generateVAPIDKeys();
const SUBJECT = "mailto:ops@dostavka.example";
let t: TestApp;
let dispatch: string;
let menu: Awaited<ReturnType<typeof findDish>>;

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      if (gone.has(path)) return response.writeHead(410).end();
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201, { location: `${origin}/message/${received.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  // Monday 14:00 in Riga: the kitchens are open.
  t = await startTestApp({
    now: new Date("2026-11-23T12:00:00Z"),
    webPush: { ...VAPID, subject: SUBJECT, endpointOrigins: [origin] },
  });
  dispatch = await addOpsKey(t, { role: "DISPATCH" });
  menu = await findDish(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => pushService.close(resolve));
});

/** What a browser makes when it subscribes: its own P-256 keys and auth secret, kept to decrypt. */
function browserSubscription(path: string) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${origin}${path}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey("base64url"), auth: auth.toString("base64url") },
    },
  };
}

const subscribe = (cookie: string, body: object) =>
  t.app.inject({
    method: "PUT",
    url: apiPath(endpoints.customer.webPush("PUT")),
    headers: { ...DEMO, cookie },
    payload: body,
  });

/** A customer reading in a language, their browser subscribed at a path of the push service. */
async function subscribedCustomer(path: string, lang: string) {
  const { cookie, phone } = await signInCustomer(t.app);
  await t.database.db.update(users).set({ lang }).where(eq(users.phone, phone));
  const browser = browserSubscription(path);
  expect((await subscribe(cookie, browser.json)).statusCode).toBe(204);
  return { cookie, browser };
}

const accept = (orderId: number) =>
  opsEndpointCall(t.app, dispatch, opsEndpoints.moveOrder(orderId, "accept"));

/** Opens a message as the browser does: RFC 8291 with its own keys. */
function decrypt(message: { body: Buffer }, browser: ReturnType<typeof browserSubscription>) {
  const plain = ece.decrypt(message.body, {
    version: "aes128gcm",
    privateKey: browser.ecdh,
    authSecret: browser.auth,
  });
  return JSON.parse(plain.toString("utf8"));
}

describe("web push", () => {
  it("answers the installation's VAPID key, and takes a subscription only on a known push service", async () => {
    const key = await t.app.inject({ method: "GET", url: apiPath(endpoints.webPushKey()), headers: DEMO });
    expect(key.json()).toEqual({ publicKey: VAPID.publicKey });

    const { cookie } = await signInCustomer(t.app);
    const { json } = browserSubscription("/push/any");
    for (const endpoint of [
      "https://attacker.example/push",
      "http://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com:8443/x",
    ]) {
      const refused = await subscribe(cookie, { ...json, endpoint });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ details: [{ field: "endpoint" }] });
    }
    expect(
      (await subscribe(cookie, { ...json, endpoint: "https://fcm.googleapis.com/fcm/send/abc:def" }))
        .statusCode,
    ).toBe(204);
    // Without a session: no subscription.
    expect((await subscribe("", json)).statusCode).toBe(401);
  });

  it("pushes each status change to the browser, encrypted for it and signed with VAPID, in the customer's language", async () => {
    const { cookie, browser } = await subscribedCustomer("/push/arabic-reader", "ar");
    const order = await placeOrder(t.app, cookie, menu, "CASH");
    const before = received.length;
    expect((await accept(order.id)).status).toBe(200);
    expect(received.length).toBe(before + 1);
    const message = received.at(-1) as (typeof received)[number];
    expect(message.path).toBe("/push/arabic-reader");
    expect(message.headers).toMatchObject({
      "content-encoding": "aes128gcm",
      ttl: expect.stringMatching(/^\d+$/),
    });
    expect(decrypt(message, browser)).toEqual({
      type: "OrderStatusChangedEvent",
      orderID: order.id,
      status: "APPROVED",
      title: `الطلب رقم ${order.id}`,
      body: "قيد التحضير",
      url: `/ar/menu/orders/${order.id}/status`,
      // The partner's icon, so the worker shows the push with nothing to fetch first.
      icon: expect.stringMatching(/^\/api\/partners\/demo\/icon-192\.png\?v=[0-9a-f]{12}$/),
    });
    // RFC 8292: a JWT for this push service's origin, signed with the installation's key.
    const vapid = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(String(message.headers.authorization));
    expect(vapid?.[2]).toBe(VAPID.publicKey);
    const point = Buffer.from(VAPID.publicKey, "base64url");
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      "ES256",
    );
    const { payload } = await jwtVerify(vapid?.[1] ?? "", key, { audience: origin, subject: SUBJECT });
    expect((payload.exp ?? 0) * 1000 - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(decodeJwt(vapid?.[1] ?? "").aud).toBe(origin);
  });

  it("forgets a subscription its push service says is gone, and one whose session ended hears nothing", async () => {
    const left = await subscribedCustomer("/push/uninstalled", "en");
    gone.add("/push/uninstalled");
    const order = await placeOrder(t.app, left.cookie, menu, "CASH");
    await accept(order.id);
    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.orderId, order.id));
    expect(message).toMatchObject({ channel: "WEB_PUSH", status: "FAILED", attempts: 1 });
    expect(message?.lastError).toBe("the push service says the subscription is gone (410)");
    expect(
      await t.database.db
        .select()
        .from(webPushSubscriptions)
        .where(eq(webPushSubscriptions.endpoint, `${origin}/push/uninstalled`)),
    ).toEqual([]);

    const signedOut = await subscribedCustomer("/push/signed-out", "en");
    const next = await placeOrder(t.app, signedOut.cookie, menu, "CASH");
    await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.logout()),
      headers: { ...DEMO, cookie: signedOut.cookie },
    });
    const count = received.length;
    await accept(next.id);
    expect(received.length).toBe(count);
  });
});
