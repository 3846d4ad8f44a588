import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partners } from "../src/db/schema.ts";
import { callEndpoint } from "./cart-helpers.ts";
import { DEMO, DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { customer, ops } from "./order-helpers.ts";
import { apiPath, opsPath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";

// Every door of a partner closes the moment it is suspended: the storefront API, the ops API, the
// tracking socket, the invoice links and the card pages all answer the same 423.
let t: TestApp;
let orderId: number;
let session: string;
let invoiceLink: string;
let cardPage: string;

type Injectable = FastifyInstance & {
  injectWS(path: string, context?: { headers?: Record<string, string> }): Promise<{ terminate(): void }>;
};

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-06-10T10:00:00Z") });
  ({ session } = await customer(t));
  const order = await placeOrder(t.app, session, await findDish(t.app));
  orderId = order.id;
  const link = await callEndpoint(t.app, endpoints.customer.invoiceLink(orderId), session);
  invoiceLink = new URL(link.body.url).pathname;
  const payment = await callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/create"), session, {
    returnUrl: "/en/menu/orders",
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  cardPage = payment.body.redirectUrl;

  // Open while the partner is active.
  expect(
    (await ops(t.app, DEMO_SECRETS.opsKeys.dispatch, "GET", opsPath(opsEndpoints.orders()))).status,
  ).toBe(200);
  expect((await t.app.inject({ method: "GET", url: invoiceLink })).statusCode).toBe(200);
  expect((await t.app.inject({ method: "GET", url: cardPage })).statusCode).toBe(200);
  const socket = await (t.app as Injectable).injectWS(apiPath(endpoints.trackOrder(orderId)), {
    headers: { cookie: session },
  });
  socket.terminate();

  await t.database.db.update(partners).set({ status: "SUSPENDED" }).where(eq(partners.code, "demo"));
  t.app.services.partners.forget("demo");
});
afterAll(() => t.close());

const SUSPENDED = { status: 423, type: "PartnerSuspendedException", errorCode: "partner_suspended" };

describe("a suspended partner", () => {
  it("answers 423 partner_suspended on the storefront API", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: DEMO,
    });
    expect(answer.statusCode).toBe(423);
    expect(answer.json()).toMatchObject(SUSPENDED);
  });

  it("answers 423 partner_suspended to its ops keys", async () => {
    for (const [method, url] of [
      ["GET", opsPath(opsEndpoints.orders())],
      ["POST", opsPath(opsEndpoints.moveOrder(orderId, "cancel"))],
    ] as const) {
      const answer = await ops(t.app, DEMO_SECRETS.opsKeys.dispatch, method, url);
      expect(answer.status).toBe(423);
      expect(answer.body).toMatchObject(SUSPENDED);
    }
  });

  it("opens no tracking socket", async () => {
    await expect(
      (t.app as Injectable).injectWS(apiPath(endpoints.trackOrder(orderId)), {
        headers: { cookie: session },
      }),
    ).rejects.toThrow(/423/);
  });

  it("serves no invoice link, with the errorCode of every 423", async () => {
    const answer = await t.app.inject({ method: "GET", url: invoiceLink });
    expect(answer.statusCode).toBe(423);
    expect(answer.json()).toMatchObject(SUSPENDED);
  });

  it("takes no card on its card page", async () => {
    const shown = await t.app.inject({ method: "GET", url: cardPage });
    expect(shown.statusCode).toBe(423);
    expect(shown.body).toContain("This service is suspended");
    const posted = await t.app.inject({
      method: "POST",
      url: cardPage,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "cardNumber=4242424242424242&expiry=12%2F30&cvc=123&name=A",
    });
    expect(posted.statusCode).toBe(423);
  });
});
