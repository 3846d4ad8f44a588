import { consoleEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localities, orderStatusChanges, orders, payments, sandboxSessions } from "../src/db/schema.ts";
import { refundOrderPayments } from "../src/payments/order-payments.ts";
import { partnerPaymentMethods } from "../src/payments/payment-methods.ts";
import { sandboxGateway } from "../src/payments/sandbox-gateway.ts";
import { callEndpoint, type MenuProduct, type OpenVendor } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { opsEndpointCall } from "./order-helpers.ts";
import { findDish, placeOrder, redirectOf, SANDBOX, submitCard } from "./payment-helpers.ts";
import { track } from "./tracking-helpers.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
const RETURN = "/en/menu/orders/payment-return";
/** The storefront's public address (PUBLIC_URL). */
const SHOP = "https://shop.example";

let t: TestApp;
let menu: { restaurant: OpenVendor; dish: MenuProduct };

beforeAll(async () => {
  t = await startTestApp({ now: NOW, publicUrl: SHOP });
  menu = await findDish(t.app);
});
afterAll(() => t.close());

async function customerWithOrder(paymentType: "ONLINE" | "CASH" = "ONLINE") {
  const { cookie } = await signInCustomer(t.app);
  const order = await placeOrder(t.app, cookie, menu, paymentType);
  return { cookie, order, orderId: order.id as number };
}

const pay = (cookie: string, orderId: number, body: object = { returnUrl: RETURN }) =>
  callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/create"), cookie, body);
const authorize = (cookie: string, orderId: number, transactionID: string) =>
  callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/authorize"), cookie, { transactionID });
const cancel = (cookie: string, orderId: number, body: object = {}) =>
  callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/cancel"), cookie, body);

async function orderRow(orderId: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

async function historyOf(orderId: number) {
  const rows = await t.database.db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
  return rows.map((r) => ({ status: r.status, actor: r.actor }));
}

/** Starts a payment, submits the card page with a card and answers the redirect back. */
async function payOnPage(cookie: string, orderId: number, cardNumber: string) {
  const started = await pay(cookie, orderId);
  expect(started.status).toBe(200);
  return {
    started: started.body,
    back: redirectOf(await submitCard(t.app, started.body.redirectUrl, { cardNumber })),
  };
}

describe("paying on the card page", () => {
  it("authorises 4242: the order goes to WAITING_APPROVAL by SYSTEM, and a second authorize answers the same", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = await pay(cookie, orderId);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      orderId,
      status: "PENDING",
      orderStatus: "CREATED",
      canRetry: true,
    });
    expect(started.body.redirectUrl).toMatch(/^\/api\/sandbox\/pages\/pay_/);
    expect((await orderRow(orderId))?.paymentStatus).toBe("PENDING");

    const back = redirectOf(
      await submitCard(t.app, started.body.redirectUrl, { cardNumber: SANDBOX.authorised }),
    );
    expect(back.path).toBe(RETURN);
    expect(back.query).toEqual({ transactionID: started.body.transactionID, status: "AUTHORIZED" });

    const first = await authorize(cookie, orderId, back.query.transactionID as string);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      orderId,
      transactionID: started.body.transactionID,
      status: "AUTHORIZED",
      redirectUrl: null,
      orderStatus: "WAITING_APPROVAL",
      canRetry: false,
      failureReason: null,
    });
    expect((await orderRow(orderId))?.paymentStatus).toBe("AUTHORIZED");
    expect(await historyOf(orderId)).toEqual([
      { status: "CREATED", actor: "CUSTOMER" },
      { status: "WAITING_APPROVAL", actor: "SYSTEM" },
    ]);

    const second = await authorize(cookie, orderId, started.body.transactionID);
    expect(second.body).toEqual(first.body);
    expect(await historyOf(orderId)).toHaveLength(2);
  });

  it("makes one status change of two authorizes at once", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    const answers = await Promise.all([
      authorize(cookie, orderId, started.transactionID),
      authorize(cookie, orderId, started.transactionID),
    ]);
    expect(answers.map((a) => [a.status, a.body.status])).toEqual([
      [200, "AUTHORIZED"],
      [200, "AUTHORIZED"],
    ]);
    expect(await historyOf(orderId)).toEqual([
      { status: "CREATED", actor: "CUSTOMER" },
      { status: "WAITING_APPROVAL", actor: "SYSTEM" },
    ]);
  });

  it("declines 4000…0002: the order stays CREATED with FAILED, and a retry with 4242 pays it", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const declined = await payOnPage(cookie, orderId, SANDBOX.declined);
    expect(declined.back.query.status).toBe("FAILED");
    const failed = await authorize(cookie, orderId, declined.started.transactionID);
    expect(failed.body).toMatchObject({
      status: "FAILED",
      orderStatus: "CREATED",
      canRetry: true,
      failureReason: "The card was declined",
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "CREATED", paymentStatus: "FAILED" });

    const retry = await payOnPage(cookie, orderId, SANDBOX.authorised);
    expect(retry.started.transactionID).not.toBe(declined.started.transactionID);
    const paid = await authorize(cookie, orderId, retry.started.transactionID);
    expect(paid.body).toMatchObject({ status: "AUTHORIZED", orderStatus: "WAITING_APPROVAL" });
    const attempts = await t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(attempts.map((p) => p.status).toSorted()).toEqual(["AUTHORIZED", "FAILED"]);
  });

  it("declines any other real card number", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { back } = await payOnPage(cookie, orderId, "5555 5555 5555 4444");
    expect(back.query.status).toBe("FAILED");
  });
});

describe("canceling a payment", () => {
  it("cancels a pending payment; the order stays CREATED and the page no longer takes a card", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const canceled = await cancel(cookie, orderId, { transactionID: started.transactionID });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: "CANCELED", orderStatus: "CREATED", canRetry: true });
    expect(await orderRow(orderId)).toMatchObject({ status: "CREATED", paymentStatus: "CANCELED" });
    expect((await cancel(cookie, orderId)).body.status).toBe("CANCELED");

    const late = await submitCard(t.app, started.redirectUrl, { cardNumber: SANDBOX.authorised });
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain("This payment was canceled");
    expect((await authorize(cookie, orderId, started.transactionID)).body.status).toBe("CANCELED");
  });

  it("follows the page's Cancel link back to the shop as CANCELED", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const back = redirectOf(await t.app.inject({ method: "GET", url: `${started.redirectUrl}/cancel` }));
    expect(back.query).toEqual({ transactionID: started.transactionID, status: "CANCELED" });
    expect((await authorize(cookie, orderId, started.transactionID)).body).toMatchObject({
      status: "CANCELED",
      orderStatus: "CREATED",
      canRetry: true,
    });
  });

  it("counts a page the customer paid before leaving it: cancel never gives that payment back", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const first = (await pay(cookie, orderId)).body;
    await submitCard(t.app, first.redirectUrl, { cardNumber: SANDBOX.authorised });
    const canceled = await cancel(cookie, orderId, { transactionID: first.transactionID });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({
      status: "AUTHORIZED",
      orderStatus: "WAITING_APPROVAL",
      canRetry: false,
    });
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, first.transactionID));
    expect(session?.status).toBe("AUTHORIZED");
  });

  it("leaves the card page, then pays a new attempt: cancel, create and authorize by the spec's paths", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const left = (await pay(cookie, orderId)).body;
    // No transactionID: the order's latest payment, the one of the page the customer left.
    expect((await cancel(cookie, orderId)).body).toMatchObject({
      transactionID: left.transactionID,
      status: "CANCELED",
      orderStatus: "CREATED",
      canRetry: true,
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "CREATED", paymentStatus: "CANCELED" });
    const { back } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    expect((await authorize(cookie, orderId, back.query.transactionID as string)).body).toMatchObject({
      status: "AUTHORIZED",
      orderStatus: "WAITING_APPROVAL",
    });
  });

  it("refuses to cancel a payment that went through", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    const refused = await cancel(cookie, orderId, { transactionID: started.transactionID });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "PaymentException", errorCode: "NOT_PENDING" });
  });

  it("replaces a pending attempt with a new one, so the old page cannot pay twice", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const first = (await pay(cookie, orderId)).body;
    const second = (await pay(cookie, orderId)).body;
    const old = await submitCard(t.app, first.redirectUrl, { cardNumber: SANDBOX.authorised });
    expect(old.body).toContain("This payment was canceled");
    const back = redirectOf(await submitCard(t.app, second.redirectUrl, { cardNumber: SANDBOX.authorised }));
    expect((await authorize(cookie, orderId, back.query.transactionID as string)).body.status).toBe(
      "AUTHORIZED",
    );
  });

  it("counts a page paid but not yet authorised when a new attempt is asked for", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const first = (await pay(cookie, orderId)).body;
    await submitCard(t.app, first.redirectUrl, { cardNumber: SANDBOX.authorised });
    const again = await pay(cookie, orderId);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "PaymentException", errorCode: "ALREADY_PAID" });
    expect(await orderRow(orderId)).toMatchObject({
      status: "WAITING_APPROVAL",
      paymentStatus: "AUTHORIZED",
    });
  });
});

describe("refunds", () => {
  it("gives an order's authorised payment back at the gateway", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    const deps = { db: t.database.db, provider: sandboxGateway(t.database.db), now: () => NOW };
    expect(await refundOrderPayments(deps, orderId)).toBe(true);
    expect(await refundOrderPayments(deps, orderId)).toBe(false);
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, started.transactionID));
    expect(session?.status).toBe("CANCELED");
  });
});

describe("cancelling a paid order", () => {
  it("refunds the card at the gateway when the customer cancels before the restaurant accepts", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    const cancelled = await callEndpoint(t.app, endpoints.customer.cancelOrder(orderId), cookie);
    expect(cancelled.body).toMatchObject({ status: "CANCELED", refunded: true, paymentStatus: "CANCELED" });
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, started.transactionID));
    expect(session?.status).toBe("CANCELED");
  });
});

describe("declining a paid order", () => {
  it("gives the payment back before the tracking socket hears of the decline", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    const tracker = await track(t.app, orderId, { cookie });
    // What the order and the gateway say at the moment the decline is told: read as it is published,
    // before the outcome goes on.
    let told: Promise<unknown[]> | undefined;
    const heard = t.app.services.orderEvents.subscribe(orderId, (event) => {
      if (event.type === "ORDER_STATUS_UPDATE" && event.status === "DECLINED")
        told ??= Promise.all([
          orderRow(orderId).then((row) => row?.paymentStatus),
          t.database.db
            .select()
            .from(sandboxSessions)
            .where(eq(sandboxSessions.id, started.transactionID))
            .then(([session]) => session?.status),
        ]);
    });
    await heard.ready;
    const declined = await opsEndpointCall(
      t.app,
      DEMO_SECRETS.opsKeys.dispatch,
      opsEndpoints.moveOrder(orderId, "decline"),
    );
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ status: "DECLINED", paymentStatus: "CANCELED" });
    await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE" && m.status === "DECLINED");
    expect(await told).toEqual(["CANCELED", "CANCELED"]);
    heard.unsubscribe();
    tracker.socket.terminate();
  });
});

describe("cancelling a paid order from the console", () => {
  it("refunds the card at the gateway when dispatch cancels an accepted order", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    // The kitchen accepted it; then dispatch cannot deliver it.
    const kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@refunds.example", {
      vendorIds: [menu.restaurant.id],
    });
    const accepted = await consoleEndpointCall(t, kitchen, consoleEndpoints.moveOrder(orderId, "accept"), {
      preparationMinutes: 20,
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const dispatcher = await staffSession(t, "DISPATCHER", "dispatch@refunds.example");
    const cancelled = await consoleEndpointCall(
      t,
      dispatcher,
      consoleEndpoints.moveOrder(orderId, "cancel"),
      {
        reason: "The kitchen has flooded",
      },
    );
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "CANCELLED", paymentStatus: "CANCELED" });
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, started.transactionID));
    expect(session?.status).toBe("CANCELED");
    const seen = await callEndpoint(t.app, endpoints.customer.order(orderId), cookie);
    expect(seen.body).toMatchObject({ status: "CANCELLED", paymentStatus: "CANCELED" });
  });
});

describe("whose payment", () => {
  it("answers 404 for another customer's order, and 401 without a session", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const stranger = (await signInCustomer(t.app)).cookie;
    for (const answer of [
      await authorize(stranger, orderId, started.transactionID),
      await pay(stranger, orderId),
      await cancel(stranger, orderId),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.type).toBe("OrderNotFoundException");
    }
    expect(
      (
        await callEndpoint(t.app, endpoints.customer.payment(orderId, "payment/create"), null, {
          returnUrl: RETURN,
        })
      ).status,
    ).toBe(401);
  });

  it("answers 404 for a transaction of another order", async () => {
    const mine = await customerWithOrder();
    const other = await placeOrder(t.app, mine.cookie, menu);
    const started = (await pay(mine.cookie, other.id)).body;
    const answer = await authorize(mine.cookie, mine.orderId, started.transactionID);
    expect(answer.status).toBe(404);
    expect(answer.body.type).toBe("PaymentNotFoundException");
  });
});

describe("what can be paid", () => {
  it("refuses a cash order and an order already paid", async () => {
    const cash = await customerWithOrder("CASH");
    const refused = await pay(cash.cookie, cash.orderId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: "PaymentException", errorCode: "NOT_ONLINE" });

    const { cookie, orderId } = await customerWithOrder();
    const { started } = await payOnPage(cookie, orderId, SANDBOX.authorised);
    await authorize(cookie, orderId, started.transactionID);
    const again = await pay(cookie, orderId);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ type: "PaymentException", errorCode: "ALREADY_PAID" });
    await t.database.db.update(orders).set({ paymentStatus: null }).where(eq(orders.id, orderId));
    expect((await pay(cookie, orderId)).body.type).toBe("OrderStatusTransitionException");
  });

  it("takes a return URL only on the storefront or an origin the partner lists, keeping its own query", async () => {
    const { cookie, orderId } = await customerWithOrder();
    for (const returnUrl of [
      "https://evil.example/pay?from=app",
      "//evil.example/x",
      "/\\evil.example",
      "http://shop.example/pay",
      "https://shop.example.evil.example/pay",
      "javascript:alert(1)",
      "ftp://x.example/",
      "",
    ]) {
      const answer = await pay(cookie, orderId, { returnUrl });
      expect(answer.status).toBe(400);
      expect(answer.body.details[0].field).toBe("returnUrl");
    }
    const absolute = (await pay(cookie, orderId, { returnUrl: "https://shop.example/pay?from=app" })).body;
    const back = await submitCard(t.app, absolute.redirectUrl, { cardNumber: SANDBOX.declined });
    expect(back.headers.location).toBe(
      `https://shop.example/pay?from=app&transactionID=${absolute.transactionID}&status=FAILED`,
    );
    const path = (await pay(cookie, orderId, { returnUrl: "/en/menu/orders/7/payment?x=1#top" })).body;
    const pathBack = redirectOf(await submitCard(t.app, path.redirectUrl, { cardNumber: SANDBOX.declined }));
    expect(pathBack.location).toBe(
      `${SHOP}/en/menu/orders/7/payment?x=1&transactionID=${path.transactionID}&status=FAILED#top`,
    );
    // Dot segments resolve on the storefront's host: the customer lands on the shop, not evil.example.
    const dotted = (await pay(cookie, orderId, { returnUrl: "/a/..//evil.example/x" })).body;
    const dottedBack = redirectOf(
      await submitCard(t.app, dotted.redirectUrl, { cardNumber: SANDBOX.declined }),
    );
    expect(new URL(dottedBack.location).origin).toBe(SHOP);
    // The demo partner lists its native app's origin.
    const app = (await pay(cookie, orderId, { returnUrl: "https://localhost/pay" })).body;
    const appBack = redirectOf(await submitCard(t.app, app.redirectUrl, { cardNumber: SANDBOX.declined }));
    expect(appBack.location).toBe(`https://localhost/pay?transactionID=${app.transactionID}&status=FAILED`);
  });

  it("refuses an unknown payment method", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const answer = await pay(cookie, orderId, { returnUrl: RETURN, paymentMethod: "bitcoin" });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ type: "PaymentException", errorCode: "UNKNOWN_PAYMENT_METHOD" });
  });
});

describe("supported payment methods", () => {
  /** Gives localities other payment types for the test's length, as a partner would set them. */
  async function withPaymentTypes(
    types: Record<string, Array<"CASH" | "ONLINE">>,
    check: () => Promise<void>,
  ) {
    const rows = await t.database.db.select().from(localities);
    const changed = rows.filter((row) => row.code in types);
    try {
      for (const row of changed)
        await t.database.db
          .update(localities)
          .set({ params: { ...row.params, paymentTypes: types[row.code] } })
          .where(eq(localities.id, row.id));
      await check();
    } finally {
      for (const row of changed)
        await t.database.db.update(localities).set({ params: row.params }).where(eq(localities.id, row.id));
    }
  }
  const codesOf = async (localityCode?: string) => {
    const answer = await callEndpoint(t.app, endpoints.supportedPaymentMethods(localityCode), null);
    expect(answer.status).toBe(200);
    return answer.body.methods.map((m: { code: string; card: unknown }) => [m.code, m.card]);
  };

  it("lists with no query what the partner takes anywhere; a localityCode narrows it to that locality", async () => {
    await withPaymentTypes({ riga: ["CASH"], kyiv: ["ONLINE"] }, async () => {
      expect(await codesOf()).toEqual([
        ["cash", null],
        ["sandbox-card", null],
      ]);
      expect(await codesOf("riga")).toEqual([["cash", null]]);
      expect(await codesOf("kyiv")).toEqual([["sandbox-card", null]]);
    });
    const unknown = await callEndpoint(t.app, endpoints.supportedPaymentMethods("atlantis"), null);
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe("LocalityNotFoundException");
  });

  it("leaves out online payment where the deployment has no card processor, and lists nothing without localities", async () => {
    const rows = await t.database.db.select().from(localities);
    const none = { takesCards: false, takesCurrency: () => false };
    expect(partnerPaymentMethods(rows, { processor: none }).map((m) => m.code)).toEqual(["cash"]);
    expect(partnerPaymentMethods([], { processor: { takesCards: true, takesCurrency: () => true } })).toEqual(
      [],
    );
  });
});

describe("saved cards at payment", () => {
  it("remembers the card when asked on the page, then charges it at once by card:<id>", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    await submitCard(t.app, started.redirectUrl, { cardNumber: SANDBOX.authorised, saveCard: true });
    await authorize(cookie, orderId, started.transactionID);
    const { cards } = (await callEndpoint(t.app, endpoints.customer.cards(), cookie)).body;
    expect(cards).toEqual([
      { id: expect.any(Number), maskedCardNumber: " ****4242", brand: "Visa", default: true },
    ]);

    const next = await placeOrder(t.app, cookie, menu);
    const charged = await pay(cookie, next.id, { returnUrl: RETURN, paymentMethod: `card:${cards[0].id}` });
    expect(charged.body).toMatchObject({
      status: "AUTHORIZED",
      redirectUrl: null,
      orderStatus: "WAITING_APPROVAL",
    });
    expect(await historyOf(next.id)).toContainEqual({ status: "WAITING_APPROVAL", actor: "SYSTEM" });

    const third = await placeOrder(t.app, cookie, menu);
    const intent = await callEndpoint(
      t.app,
      endpoints.customer.payment(third.id, "payment-intent/create"),
      cookie,
      {},
    );
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({ status: "AUTHORIZED", orderStatus: "WAITING_APPROVAL" });
  });

  it("pays with the card chosen at checkout when payment/create names none", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    await submitCard(t.app, started.redirectUrl, { cardNumber: SANDBOX.authorised, saveCard: true });
    await authorize(cookie, orderId, started.transactionID);
    const [card] = (await callEndpoint(t.app, endpoints.customer.cards(), cookie)).body.cards;

    const order = await placeOrder(t.app, cookie, menu);
    await t.database.db
      .update(orders)
      .set({ paymentMethod: `card:${card.id}` })
      .where(eq(orders.id, order.id));
    expect((await pay(cookie, order.id)).body).toMatchObject({
      status: "AUTHORIZED",
      orderStatus: "WAITING_APPROVAL",
    });
  });

  it("refuses a payment intent without a saved card, and another customer's card", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const none = await callEndpoint(
      t.app,
      endpoints.customer.payment(orderId, "payment-intent/create"),
      cookie,
      {},
    );
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ type: "PaymentException", errorCode: "NO_SAVED_CARD" });

    const owner = await customerWithOrder();
    const started = (await pay(owner.cookie, owner.orderId)).body;
    await submitCard(t.app, started.redirectUrl, { cardNumber: SANDBOX.authorised, saveCard: true });
    await authorize(owner.cookie, owner.orderId, started.transactionID);
    const [card] = (await callEndpoint(t.app, endpoints.customer.cards(), owner.cookie)).body.cards;
    const theirs = await pay(cookie, orderId, { returnUrl: RETURN, paymentMethod: `card:${card.id}` });
    expect(theirs.status).toBe(404);
    expect(theirs.body.type).toBe("CardNotFoundException");
    expect((await orderRow(orderId))?.status).toBe("CREATED");
  });
});

describe("the card page", () => {
  it("shows the amount, labelled fields, the test cards and a Cancel link", async () => {
    const { cookie, orderId, order } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const page = await t.app.inject({ method: "GET", url: started.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const amount = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(order.price);
    expect(page.body).toContain(amount);
    for (const label of ["Card number", "Expiry date (MM/YY)", "Security code (CVC)", "Name on card"])
      expect(page.body).toContain(`>${label}</label>`);
    expect(page.body).toContain('autocomplete="cc-number"');
    expect(page.body).toContain(`href="${started.redirectUrl}/cancel">Cancel</a>`);
    expect(page.body).toContain("4242 4242 4242 4242");
  });

  it("keeps the page with the errors for a malformed card, a past expiry or a bad CVC", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const bad = await submitCard(t.app, started.redirectUrl, {
      cardNumber: "4242 4242 4242 4241",
      expiry: "10/26",
      cvc: "12",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain("This card number is not valid");
    expect(bad.body).toContain("This card has expired");
    expect(bad.body).toContain("The security code is the 3 digits on the back of the card");
    expect(bad.body).toContain('aria-invalid="true" aria-describedby="cardNumber-error"');
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, started.transactionID));
    expect(session?.status).toBe("PENDING");
    expect((await authorize(cookie, orderId, started.transactionID)).body.status).toBe("PENDING");
  });

  it("escapes what the customer typed", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = (await pay(cookie, orderId)).body;
    const page = await submitCard(t.app, started.redirectUrl, {
      cardNumber: "1",
      name: '"><script>x</script>',
    });
    expect(page.body).not.toContain("<script>x");
    expect(page.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("speaks the storefront's language, right to left in Arabic, and keeps it after an error", async () => {
    const { cookie, orderId } = await customerWithOrder();
    const started = await callEndpoint(
      t.app,
      endpoints.customer.payment(orderId, "payment/create"),
      cookie,
      { returnUrl: RETURN },
      {
        "accept-language": "ar",
      },
    );
    expect(started.body.redirectUrl).toMatch(/^\/api\/sandbox\/pages\/pay_[\w-]+\?lang=ar$/);
    const page = await t.app.inject({ method: "GET", url: started.body.redirectUrl });
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain(">رقم البطاقة</label>");
    const bad = await submitCard(t.app, started.body.redirectUrl, { cardNumber: "4242 4242 4242 4241" });
    expect(bad.body).toContain("رقم البطاقة هذا غير صالح");
    expect(bad.body).toContain(`action="${started.body.redirectUrl}"`);
  });

  it("answers 404 for an unknown session", async () => {
    const page = await t.app.inject({ method: "GET", url: "/api/sandbox/pages/pay_unknownunknownunknown" });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("does not exist");
  });
});

/** Rows of a raw query; PGlite and node-postgres both answer { rows }. */
async function rowsOf(query: ReturnType<typeof sql>): Promise<Array<Record<string, unknown>>> {
  return ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> }).rows;
}

describe("card numbers", () => {
  it("are never stored: no column of any table holds a full card number", async () => {
    const tables = await rowsOf(sql`select tablename from pg_tables where schemaname = 'public'`);
    expect(tables.length).toBeGreaterThan(10);
    // The search itself finds what is there: the last four digits the gateway keeps.
    const control = await rowsOf(
      sql`select 1 from sandbox_sessions t where row_to_json(t)::text ~ '"last4":"4242"'`,
    );
    expect(control.length).toBeGreaterThan(0);
    for (const { tablename } of tables) {
      const found = await rowsOf(
        sql`select 1 from ${sql.identifier(String(tablename))} t where row_to_json(t)::text ~ '4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002|5555 ?5555 ?5555 ?4444'`,
      );
      expect(found, String(tablename)).toEqual([]);
    }
  });
});
