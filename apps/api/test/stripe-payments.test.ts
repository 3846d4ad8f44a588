import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { adminEndpoints, consoleEndpoints, devEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import {
  localities,
  loyaltyEntries,
  orders,
  partnerPaymentAccounts,
  payments,
  savedCards,
} from "../src/db/schema.ts";
import { callEndpoint, type MenuProduct, type OpenVendor } from "./cart-helpers.ts";
import { completeOrder } from "./completed-orders.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { adminPath, apiPath, devPath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";
import { type StripeStandIn, startStripeStandIn, type TestCard } from "./stripe-stand-in.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
const SHOP = "https://shop.example";
const RETURN = "/en/menu/orders/payment-return";
const WEBHOOK = "/api/payments/stripe/webhook";
const ADMIN_KEY = "the-super-admin-key-of-the-stripe-payments-test";
/** The demo partner's own Stripe account, when the operator gives it one. */
const PARTNER_KEY = "sk_test_partner_own_account_4242";
const PARTNER_WEBHOOK_SECRET = "whsec_partner_own_account";

let stripe: StripeStandIn;
let t: TestApp;
let menu: { restaurant: OpenVendor; dish: MenuProduct };
/** Where the stand-in sends the webhooks: the test app, listening on a free port. */
let webhookUrl: string;

beforeAll(async () => {
  stripe = await startStripeStandIn({ otherKeys: [PARTNER_KEY] });
  t = await startTestApp({
    now: NOW,
    publicUrl: SHOP,
    superAdminKey: ADMIN_KEY,
    payments: {
      provider: "stripe",
      stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url },
      stripeApiUrl: stripe.url,
      keysSecret: "the payment keys secret of this test, 32+ chars",
    },
  });
  // Stripe reaches the webhook over HTTP, as it would the storefront's host.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as AddressInfo;
  webhookUrl = `http://127.0.0.1:${port}${WEBHOOK}`;
  stripe.setWebhookTarget({ url: webhookUrl });
  menu = await findDish(t.app);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const pay = (cookie: string, orderId: number, body: object = { returnUrl: RETURN }) =>
  callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/create"), cookie, body);
const authorize = (cookie: string, orderId: number, transactionID: string) =>
  callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/authorize"), cookie, { transactionID });
const cardsOf = async (cookie: string) =>
  (await callEndpoint(t.app, endpoints.customer.cards("riga"), cookie)).body.cards as Array<{
    id: number;
    maskedCardNumber: string;
    brand: string;
  }>;
/** The newest e-mail the demo outbox holds for an address. */
async function outboxFor(to: string): Promise<{ subject: string; text: string } | undefined> {
  const response = await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to })) });
  return (response.json() as Array<{ subject: string; text: string }>)[0];
}
const payInCash = (cookie: string, orderId: number) =>
  callEndpoint(t.app, endpoints.customer.payInCash(orderId), cookie);
type CityParams = typeof localities.$inferSelect.params;
async function cityParams(id: number): Promise<CityParams> {
  const [row] = await t.database.db.select().from(localities).where(eq(localities.id, id));
  return row?.params as CityParams;
}
const setCityParams = (id: number, params: CityParams) =>
  t.database.db.update(localities).set({ params }).where(eq(localities.id, id));
const posted = (path: string) => stripe.requests.filter((r) => r.method === "POST" && r.path === path);

async function orderRow(orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function customerWithOrder() {
  const { cookie } = await signInCustomer(t.app);
  const order = await placeOrder(t.app, cookie, menu, "ONLINE");
  return { cookie, orderId: order.id as number, order };
}

/** A customer who paid an order on Checkout, their card saved with it. */
async function customerWithSavedCard() {
  const customer = await customerWithOrder();
  const started = (await pay(customer.cookie, customer.orderId)).body;
  await stripe.completeSession(started.transactionID);
  await vi.waitFor(async () => expect((await orderRow(customer.orderId))?.status).toBe("WAITING_APPROVAL"));
  const [card] = await cardsOf(customer.cookie);
  if (!card) throw new Error("the card paid with is saved");
  return { ...customer, card };
}

/** Saves a card through the bind form's Checkout page (setup mode); answers the storefront's bindStatus. */
async function bindCard(cookie: string, card: TestCard = "4242424242424242") {
  const form = await t.app.inject({
    method: "GET",
    url: apiPath(
      endpoints.customer.cardBindForm({ paymentOptionCode: "sandbox-card", localityCode: "riga" }),
    ),
    headers: { ...DEMO, cookie },
  });
  expect(form.statusCode, form.body).toBe(200);
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(form.body)?.[1] as string;
  await stripe.completeSession(sessionId, card);
  const [session] = posted("/v1/checkout/sessions").slice(-1);
  // Stripe sends the customer to the success URL, on the storefront's address.
  const back = new URL(String(session?.body.success_url).replace("{CHECKOUT_SESSION_ID}", sessionId));
  expect(back.origin).toBe(SHOP);
  const result = await t.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    headers: { cookie },
  });
  expect(result.statusCode).toBe(303);
  return new URL(String(result.headers.location)).searchParams.get("bindStatus");
}

describe("paying on Stripe Checkout", () => {
  it("opens a session for the order's amount in minor units, and the paid order goes to the kitchen even if the customer never returns", async () => {
    const { cookie, orderId, order } = await customerWithOrder();
    const started = await pay(cookie, orderId);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ status: "PENDING", orderStatus: "CREATED", canRetry: true });
    expect(started.body.transactionID).toMatch(/^cs_test_/);
    expect(started.body.redirectUrl).toBe(`${stripe.url}/c/pay/${started.body.transactionID}`);

    const [created] = posted("/v1/checkout/sessions").slice(-1);
    const total = (await orderRow(orderId))?.finalTotal;
    expect(created?.body).toMatchObject({
      mode: "payment",
      client_reference_id: String(orderId),
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: String(total) } }],
      metadata: { partner: "demo", order: String(orderId) },
      payment_intent_data: {
        metadata: { partner: "demo", order: String(orderId) },
        setup_future_usage: "off_session",
      },
      success_url: `${SHOP}${RETURN}?transactionID={CHECKOUT_SESSION_ID}&status=AUTHORIZED`,
      cancel_url: `${SHOP}${RETURN}?status=CANCELED`,
      // No language asked for: Checkout takes the browser's.
      locale: "auto",
    });
    // What the customer was shown, in cents: the same amount Stripe charges.
    expect(Math.round(Number(order.price) * 100)).toBe(total);
    // Every POST to Stripe names its attempt.
    for (const request of stripe.requests.filter((r) => r.method === "POST"))
      expect(request.idempotencyKey).toMatch(/^demo-/);

    // The customer pays and closes the tab: the webhook alone pays the order.
    await stripe.completeSession(started.body.transactionID);
    expect(stripe.deliveries.filter((d) => d.type === "checkout.session.completed").at(-1)?.status).toBe(200);
    const paid = await orderRow(orderId);
    expect(paid).toMatchObject({ status: "WAITING_APPROVAL", paymentStatus: "AUTHORIZED" });

    // Back on the storefront later: the same answer, asked of Stripe.
    const back = await authorize(cookie, orderId, started.body.transactionID);
    expect(back.body).toMatchObject({
      status: "AUTHORIZED",
      orderStatus: "WAITING_APPROVAL",
      canRetry: false,
    });
    expect(await cardsOf(cookie)).toEqual([
      expect.objectContaining({ brand: "visa", maskedCardNumber: expect.stringContaining("4242") }),
    ]);
  });

  it("answers the open page again when payment/create is repeated: one session, never two", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const before = posted("/v1/checkout/sessions").length;
    const first = (await pay(cookie, orderId)).body;
    const again = (await pay(cookie, orderId)).body;
    expect(again.transactionID).toBe(first.transactionID);
    expect(again.redirectUrl).toBe(first.redirectUrl);
    expect(posted("/v1/checkout/sessions").length).toBe(before + 1);
  });

  it("expires the session when the customer leaves the page, and the order waits for another attempt", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const left = await callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/cancel"), cookie, {});
    expect(left.body).toMatchObject({ status: "CANCELED", orderStatus: "CREATED", canRetry: true });
    expect(posted(`/v1/checkout/sessions/${started.transactionID}/expire`)).toHaveLength(1);
    const next = (await pay(cookie, orderId)).body;
    expect(next.transactionID).not.toBe(started.transactionID);
  });

  it("tells the customer the card page could not be opened while Stripe is down; the order stays payable", async () => {
    const { cookie, orderId } = await customerWithOrder();
    stripe.setDown(true);
    try {
      const refused = await pay(cookie, orderId);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({
        type: "PaymentProviderUnavailableException",
        message: "The card page could not be opened. Please try again, or pay in cash.",
      });
    } finally {
      stripe.setDown(false);
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "CREATED" });
    expect((await pay(cookie, orderId)).status).toBe(200);
  });

  it("lets the customer pay in cash instead while Stripe is down: the order goes to the kitchen as a cash order", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const stranger = await signInCustomer(t.app);
    expect((await payInCash(stranger.cookie, orderId)).status).toBe(404);
    // A card page opened before the outage is left to expire; a payment on it would be given back.
    await pay(cookie, orderId);
    stripe.setDown(true);
    try {
      const cash = await payInCash(cookie, orderId);
      expect(cash.status, JSON.stringify(cash.body)).toBe(200);
      expect(cash.body).toMatchObject({ id: orderId, status: "WAITING_APPROVAL", paymentType: "CASH" });
    } finally {
      stripe.setDown(false);
    }
    expect(await orderRow(orderId)).toMatchObject({ paymentType: "CASH", paymentStatus: null });
    const again = await payInCash(cookie, orderId);
    expect(again.body).toMatchObject({ type: "PaymentException", errorCode: "NOT_ONLINE" });
    expect((await pay(cookie, orderId)).status).toBe(400);
  });

  it("pays in cash only where the city takes it and up to its cash limit, and never an order paid meanwhile", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const city = (await orderRow(orderId))?.localityId as number;
    const params = await cityParams(city);
    try {
      await setCityParams(city, { ...params, maxCashOrderMinor: 1 });
      expect((await payInCash(cookie, orderId)).body).toMatchObject({ type: "InvalidCashAmountException" });
      await setCityParams(city, { ...params, paymentTypes: ["ONLINE"] });
      expect((await payInCash(cookie, orderId)).body).toMatchObject({ type: "InvalidPaymentTypeException" });
    } finally {
      await setCityParams(city, params);
    }
    // The customer paid on the card page, and the storefront has not heard yet.
    stripe.setWebhookTarget(null);
    const started = (await pay(cookie, orderId)).body;
    await stripe.completeSession(started.transactionID);
    stripe.setWebhookTarget({ url: webhookUrl });
    const refused = await payInCash(cookie, orderId);
    expect(refused.body).toMatchObject({ type: "PaymentException", errorCode: "ALREADY_PAID" });
    expect(await orderRow(orderId)).toMatchObject({ status: "WAITING_APPROVAL", paymentType: "ONLINE" });
  });
});

describe("saved cards", () => {
  it("pays the next order in one tap with an off-session charge of the saved card", async () => {
    const { cookie, card } = await customerWithSavedCard();
    const next = await placeOrder(t.app, cookie, menu, "ONLINE");
    const charged = await pay(cookie, next.id, { returnUrl: RETURN, paymentMethod: `card:${card.id}` });
    expect(charged.body).toMatchObject({
      status: "AUTHORIZED",
      orderStatus: "WAITING_APPROVAL",
      redirectUrl: null,
    });
    const [intent] = posted("/v1/payment_intents").slice(-1);
    expect(intent?.body).toMatchObject({
      off_session: "true",
      confirm: "true",
      currency: "eur",
      metadata: { partner: "demo", order: String(next.id) },
    });
    expect(intent?.idempotencyKey).toBe(`demo-order-${next.id}-charge-1`);
  });

  it("a declined saved card leaves the order payable, with the bank's reason", async () => {
    const { cookie } = await signInCustomer(t.app);
    // A card that is saved but declines its later charges.
    expect(await bindCard(cookie, "4000000000009995")).toBe("AUTHORIZED");
    const [card] = await cardsOf(cookie);
    const next = await placeOrder(t.app, cookie, menu, "ONLINE");
    const declined = await pay(cookie, next.id, { returnUrl: RETURN, paymentMethod: `card:${card?.id}` });
    expect(declined.body).toMatchObject({ status: "FAILED", orderStatus: "CREATED", canRetry: true });
    expect(declined.body.failureReason).toMatch(/insufficient funds|declined/i);
    expect(await orderRow(next.id)).toMatchObject({ status: "CREATED", paymentStatus: "FAILED" });
  });

  it("saves a card without paying on Checkout in setup mode, and detaches it at Stripe when deleted", async () => {
    const { cookie } = await signInCustomer(t.app);
    expect(await bindCard(cookie)).toBe("AUTHORIZED");
    expect(posted("/v1/checkout/sessions").at(-1)?.body).toMatchObject({ mode: "setup", currency: "eur" });
    const [card] = await cardsOf(cookie);
    expect(card).toMatchObject({ brand: "visa" });

    const [row] = await t.database.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.id, card?.id as number));
    expect(row?.providerToken).toMatch(/^pm_/);
    await callEndpoint(t.app, endpoints.customer.deleteCard(card?.id as number), cookie);
    expect(posted(`/v1/payment_methods/${row?.providerToken}/detach`)).toHaveLength(1);
    expect(await cardsOf(cookie)).toEqual([]);
  });
});

describe("the webhook", () => {
  it("keeps a card saved on the bind form's page when the customer never comes back to the storefront", async () => {
    const { cookie } = await signInCustomer(t.app);
    const form = await t.app.inject({
      method: "GET",
      url: apiPath(
        endpoints.customer.cardBindForm({ paymentOptionCode: "sandbox-card", localityCode: "riga" }),
      ),
      headers: { ...DEMO, cookie },
    });
    const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec(form.body)?.[1] as string;
    await stripe.completeSession(sessionId);
    await vi.waitFor(async () => expect(await cardsOf(cookie)).toMatchObject([{ brand: "visa" }]));
  });

  const signed = (payload: string, secret = stripe.webhookSecret, timestamp?: number) =>
    new Stripe(stripe.secretKey).webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp ? { timestamp } : {}),
    });
  const send = (payload: string, signature?: string) =>
    t.app.inject({
      method: "POST",
      url: WEBHOOK,
      headers: {
        "content-type": "application/json",
        ...(signature ? { "stripe-signature": signature } : {}),
      },
      payload,
    });

  it("refuses a missing, forged or stale signature with a 400 that changes nothing, and applies each event once", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    // Stripe's event, captured rather than sent: this test sends it as it likes.
    stripe.setWebhookTarget(null);
    try {
      await stripe.completeSession(started.transactionID);
    } finally {
      stripe.setWebhookTarget({ url: webhookUrl });
    }
    const completed = stripe.events.find(
      (e) =>
        e.type === "checkout.session.completed" &&
        (e.data.object as { id: string }).id === started.transactionID,
    );
    const payload = JSON.stringify(completed);

    const forged = payload.replace('"paid"', '"unpaid"');
    for (const [body, signature] of [
      [payload, undefined],
      [payload, signed(payload, "whsec_not_the_endpoints_secret")],
      [payload, signed(payload, stripe.webhookSecret, Math.floor(Date.now() / 1000) - 600)],
      [forged, signed(payload)],
    ] as const) {
      const refused = await send(body, signature);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        type: "WebhookSignatureException",
        details: [{ field: "Stripe-Signature" }],
      });
    }
    expect(await orderRow(orderId)).toMatchObject({ status: "CREATED", paymentStatus: "PENDING" });

    const applied = await send(payload, signed(payload));
    expect(applied.json()).toEqual({ received: true, duplicate: false });
    expect(await orderRow(orderId)).toMatchObject({
      status: "WAITING_APPROVAL",
      paymentStatus: "AUTHORIZED",
    });
    const replayed = await send(payload, signed(payload));
    expect(replayed.json()).toEqual({ received: true, duplicate: true });
  });

  it("answers 503 to an event about a payment not recorded yet, so Stripe sends it again", async () => {
    const event = {
      id: "evt_before_commit",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_test_not_recorded",
          object: "checkout.session",
          mode: "payment",
          metadata: { partner: "demo", order: "999999" },
        },
      },
    };
    const payload = JSON.stringify(event);
    const early = await send(payload, signed(payload));
    expect(early.statusCode).toBe(503);
    expect(early.headers["retry-after"]).toBe("5");
  });
});

describe("refunds", () => {
  it("refunds a paid order in full at Stripe when the customer cancels it before the kitchen accepts", async () => {
    const { cookie, orderId } = await customerWithSavedCard();
    const cancelled = await callEndpoint(t.app, endpoints.customer.cancelOrder(orderId), cookie);
    expect(cancelled.body).toMatchObject({ status: "CANCELED", refunded: true, paymentStatus: "CANCELED" });
    const [refund] = posted("/v1/refunds").slice(-1);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(refund?.body).toMatchObject({ payment_intent: payment?.providerReference });
    expect(refund?.body.amount).toBeUndefined();
  });

  it("reconciles what Stripe reports refunded (a refund made in the dashboard), the order's points with it", async () => {
    const { orderId } = await customerWithSavedCard();
    const db = t.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    // The order earned 100 points (as a delivered order in a city with a programme does).
    const ledger = {
      partnerId: order?.partnerId as number,
      userId: order?.userId as number,
      localityId: order?.localityId as number,
    };
    await db.insert(loyaltyEntries).values({
      ...ledger,
      kind: "EARNED",
      points: 100,
      orderId,
      entryKey: `EARNED:${orderId}`,
      at: new Date(),
    });
    await stripe.refundFromDashboard(payment?.providerReference as string, 250);
    await vi.waitFor(async () => {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(row?.refundedAmount).toBe(250);
    });
    const taken = await db.select().from(loyaltyEntries).where(eq(loyaltyEntries.orderId, orderId));
    expect(taken.map((line) => [line.kind, line.points])).toEqual([
      ["EARNED", 100],
      ["REVERSED", -Math.ceil((100 * 250) / (payment?.amount as number))],
    ]);
  });
});

describe("a partial refund from the console", () => {
  /** A delivered order paid on Checkout, and its customer with an e-mail address. */
  async function deliveredCardOrder() {
    const customer = await customerWithSavedCard();
    await callEndpoint(t.app, endpoints.customer.update(), customer.cookie, {
      email: "anna@refunds.example",
    });
    await completeOrder(t, customer.orderId, NOW);
    return customer;
  }
  const refund = (cookie: string, orderId: number, body: object) =>
    consoleEndpointCall(t, cookie, consoleEndpoints.refundOrder(orderId), body);

  it("gives back part of a delivered order at Stripe: audited, told to the customer by e-mail and on the order page", async () => {
    const { cookie, orderId } = await deliveredCardOrder();
    const manager = await staffSession(t, "MANAGER", "manager@refunds.example");
    const before = await consoleEndpointCall(t, manager, consoleEndpoints.order(orderId));
    const paid = (await orderRow(orderId))?.finalTotal as number;
    expect(before.body.refundable).toBe(paid / 100);

    const requestKey = randomUUID();
    const body = { amount: 2.5, reason: "The lemonade was missing", requestKey };
    const refunded = await refund(manager, orderId, body);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    expect(refunded.body).toMatchObject({
      refundable: (paid - 250) / 100,
      refundedAmount: 2.5,
      refunds: [{ amount: 2.5, reason: "The lemonade was missing" }],
    });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    const [sent] = posted("/v1/refunds").slice(-1);
    expect(sent?.body).toMatchObject({
      payment_intent: payment?.providerReference,
      amount: "250",
      reason: "requested_by_customer",
      metadata: { partner: "demo", order: String(orderId) },
    });
    expect(sent?.idempotencyKey).toMatch(/^demo-refund-\d+$/);

    // Sent again (a double click, a lost answer): nothing more is refunded.
    expect((await refund(manager, orderId, body)).body.refundedAmount).toBe(2.5);
    expect(
      posted("/v1/refunds").filter((r) => r.body.payment_intent === payment?.providerReference),
    ).toHaveLength(1);

    const seen = await callEndpoint(t.app, endpoints.customer.order(orderId), cookie);
    expect(seen.body).toMatchObject({
      refundedAmount: 2.5,
      refunds: [{ amount: 2.5, reason: "The lemonade was missing" }],
    });
    const mail = await outboxFor("anna@refunds.example");
    expect(mail).toMatchObject({ subject: `Dostavka: €2.50 refunded for order No. ${orderId}` });
    expect(mail?.text).toContain("Reason: The lemonade was missing");
    const owner = await staffSession(t, "OWNER", "owner@refunds.example");
    const report = await consoleEndpointCall(
      t,
      owner,
      consoleEndpoints.reports({ from: "2026-11-23", to: "2026-11-23", localityCode: "riga" }),
    );
    expect(report.body.totals.refunded).toBe(2.5);
    const audit = await consoleEndpointCall(t, owner, consoleEndpoints.audit());
    expect(audit.body.entries[0]).toMatchObject({
      action: "order.refund",
      entityId: orderId,
      staffName: "MANAGER manager@refunds.example",
      after: { amount: 2.5, reason: "The lemonade was missing" },
    });
  });

  it("refuses more than is left, a cashier's role and an order not delivered, refunding nothing", async () => {
    const { orderId } = await deliveredCardOrder();
    const manager = await staffSession(t, "MANAGER", "manager2@refunds.example");
    const paid = (await orderRow(orderId))?.finalTotal as number;
    const before = posted("/v1/refunds").length;
    const tooMuch = await refund(manager, orderId, {
      amount: paid / 100 + 0.01,
      reason: "All of it",
      requestKey: randomUUID(),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.details).toEqual([
      { field: "amount", message: expect.stringContaining("is more than what is left to refund") },
    ]);
    const dispatcher = await staffSession(t, "DISPATCHER", "dispatch@refunds.example");
    const byDispatcher = await refund(dispatcher, orderId, {
      amount: 1,
      reason: "Late",
      requestKey: randomUUID(),
    });
    expect(byDispatcher.status).toBe(403);
    const { orderId: waiting } = await customerWithSavedCard();
    const notDelivered = await refund(manager, waiting, {
      amount: 1,
      reason: "Late",
      requestKey: randomUUID(),
    });
    expect(notDelivered.status).toBe(409);
    expect(notDelivered.body).toMatchObject({ type: "PaymentException", errorCode: "NOT_REFUNDABLE" });
    expect(posted("/v1/refunds")).toHaveLength(before);
  });
});

describe("a partner's own Stripe account", () => {
  const admin = (method: "GET" | "PUT" | "DELETE", body?: object) => {
    const endpoint = adminEndpoints.partnerPayments("demo", method);
    return t.app.inject({
      method: endpoint.method,
      url: adminPath(endpoint),
      headers: { authorization: `Bearer ${ADMIN_KEY}`, "accept-language": "en" },
      ...(body ? { payload: body } : {}),
    });
  };

  it("takes the partner's payments and webhooks once the operator sets it, its keys sealed, until removed", async () => {
    try {
      const set = await admin("PUT", {
        provider: "stripe",
        secretKey: PARTNER_KEY,
        webhookSecret: PARTNER_WEBHOOK_SECRET,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({
        code: "demo",
        account: "own",
        provider: "stripe",
        keyHint: "4242",
        cashOnlyCities: [{ localityCode: "baghdad", name: "Baghdad", currencyCode: "IQD" }],
      });
      const [row] = await t.database.db.select().from(partnerPaymentAccounts);
      expect(JSON.stringify(row)).not.toContain(PARTNER_KEY);
      expect(JSON.stringify(row)).not.toContain(PARTNER_WEBHOOK_SECRET);

      const { cookie, orderId } = await customerWithOrder();
      const started = (await pay(cookie, orderId)).body;
      expect(posted("/v1/checkout/sessions").at(-1)?.apiKey).toBe(PARTNER_KEY);

      // Its events are signed with its own endpoint's secret; the deployment's no longer opens them.
      stripe.setWebhookTarget(null);
      try {
        await stripe.completeSession(started.transactionID);
      } finally {
        stripe.setWebhookTarget({ url: webhookUrl });
      }
      const event = stripe.events.find(
        (e) =>
          e.type === "checkout.session.completed" &&
          (e.data.object as { id: string }).id === started.transactionID,
      );
      const payload = JSON.stringify(event);
      const sign = (secret: string) =>
        new Stripe(stripe.secretKey).webhooks.generateTestHeaderString({ payload, secret });
      const send = (secret: string) =>
        t.app.inject({
          method: "POST",
          url: WEBHOOK,
          headers: { "content-type": "application/json", "stripe-signature": sign(secret) },
          payload,
        });
      expect((await send(stripe.webhookSecret)).statusCode).toBe(400);
      expect((await send(PARTNER_WEBHOOK_SECRET)).statusCode).toBe(200);
      expect(await orderRow(orderId)).toMatchObject({
        status: "WAITING_APPROVAL",
        paymentStatus: "AUTHORIZED",
      });
    } finally {
      const removed = await admin("DELETE");
      expect(removed.json()).toMatchObject({ account: "deployment", keyHint: null });
    }
    const { cookie, orderId } = await customerWithOrder();
    await pay(cookie, orderId);
    expect(posted("/v1/checkout/sessions").at(-1)?.apiKey).toBe(stripe.secretKey);
  });

  it("checks the keys with Stripe, and forgets the cards of an account the partner leaves, which the new one does not know", async () => {
    const { cookie } = await customerWithSavedCard();
    const own = { provider: "stripe", secretKey: PARTNER_KEY, webhookSecret: PARTNER_WEBHOOK_SECRET };
    try {
      const refused = await admin("PUT", { ...own, secretKey: "sk_test_not_a_key_of_any_account" });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        type: "ValidationException",
        details: [{ field: "secretKey" }],
      });
      expect(await cardsOf(cookie)).toHaveLength(1);

      expect((await admin("PUT", own)).statusCode).toBe(200);
      // The card and the Stripe Customer were the deployment's account's: the partner's knows neither.
      expect(await cardsOf(cookie)).toEqual([]);
      const next = await placeOrder(t.app, cookie, menu, "ONLINE");
      const started = await pay(cookie, next.id);
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect(posted("/v1/customers").at(-1)?.apiKey).toBe(PARTNER_KEY);
      await stripe.completeSession(started.body.transactionID);
      // Back on the storefront (the stand-in signs its webhooks with the deployment's secret only).
      expect((await authorize(cookie, next.id, started.body.transactionID)).body.status).toBe("AUTHORIZED");
      expect(await cardsOf(cookie)).toHaveLength(1);

      // The same account's keys again (a new webhook secret, a rolled key): the cards stay.
      expect((await admin("PUT", own)).statusCode).toBe(200);
      expect(await cardsOf(cookie)).toHaveLength(1);
    } finally {
      expect((await admin("DELETE")).statusCode).toBe(200);
    }
    expect(await cardsOf(cookie)).toEqual([]);
  });
});

describe("currencies and settings", () => {
  it("offers no card where Stripe does not take the currency: Baghdad's dinar stays cash only", async () => {
    const baghdad = await callEndpoint(t.app, endpoints.supportedPaymentMethods("baghdad"), null);
    expect(baghdad.body.methods.map((m: { type: string }) => m.type)).not.toContain("ONLINE");
    const riga = await callEndpoint(t.app, endpoints.supportedPaymentMethods("riga"), null);
    expect(riga.body.methods.map((m: { type: string }) => m.type)).toContain("ONLINE");
    const created = await callEndpoint(t.app, endpoints.carts.create(), null, {
      localityCode: "baghdad",
      location: { latitude: 33.3152, longitude: 44.3661, formattedAddress: "شارع الرشيد، بغداد" },
    });
    const online = await callEndpoint(
      t.app,
      endpoints.carts.update(created.body.cartId),
      created.cookie as string,
      {
        paymentType: "ONLINE",
      },
    );
    expect(online.status).toBe(400);
    expect(online.body).toMatchObject({
      type: "InvalidPaymentTypeException",
      details: [{ field: "paymentType" }],
    });
  });

  it("refuses to start with PAYMENT_PROVIDER=stripe without either secret, naming it, in demo mode too", () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe/,
    );
    const config = loadConfig({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
    });
    expect(config.payments).toEqual({
      provider: "stripe",
      stripe: { secretKey: "sk_test_abc", webhookSecret: "whsec_abc", apiUrl: "https://api.stripe.com" },
      stripeApiUrl: "https://api.stripe.com",
    });
    expect(loadConfig({}).payments).toEqual({ provider: "sandbox", stripeApiUrl: "https://api.stripe.com" });
    expect(
      loadConfig({
        NODE_ENV: "production",
        DEMO_MODE: "false",
        PUBLIC_URL: SHOP,
        INVOICE_LINK_SECRET: "x".repeat(32),
        OUTBOX: "true",
      }).payments,
    ).toMatchObject({ provider: "none" });
  });
});
