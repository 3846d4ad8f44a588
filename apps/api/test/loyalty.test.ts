import { randomUUID } from "node:crypto";
import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earnOrderPoints, expireQuietPoints } from "../src/accounts/loyalty-points.ts";
import { auditLog, loyaltyEntries, orders } from "../src/db/schema.ts";
import { callEndpoint, newCart } from "./cart-helpers.ts";
import { NOW } from "./completed-orders.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { deliverThroughOps } from "./order-helpers.ts";
import { findDish, placeOrder, redirectOf, SANDBOX, submitCard } from "./payment-helpers.ts";

/** 1 point for every 2 €, a point worth 0.05 € (2.5 % back), 20 points to start with. */
const PROGRAMME = {
  enabled: true,
  earnPoints: 1,
  earnPer: 2,
  pointValue: 0.05,
  minimumToRedeem: 10,
  expiryMonths: 6,
  welcomeBonus: 20,
};

let t: TestApp;
const staff = { owner: "", dispatcher: "" };

beforeAll(async () => {
  t = await startTestApp({ now: NOW, publicUrl: "https://shop.example" });
  staff.owner = await staffSession(t, "OWNER", "owner@loyalty.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@loyalty.example");
});
afterAll(() => t.close());

/** Riga's settings as the console shows them, with its loyalty programme replaced. */
async function saveProgramme(cookie: string, loyalty: object) {
  const { body } = await consoleEndpointCall(t, staff.owner, consoleEndpoints.citySettings("riga"));
  const { code: _code, name: _name, ...settings } = body;
  return consoleEndpointCall(t, cookie, consoleEndpoints.saveCitySettings("riga"), { ...settings, loyalty });
}

const pointsOf = (cookie: string | null, localityCode = "riga") =>
  callEndpoint(t.app, endpoints.customer.loyalty(localityCode), cookie);

const deliver = (orderId: number) => deliverThroughOps(t.app, orderId);

/** A customer's order in Riga paid on the sandbox card page, delivered. */
async function deliveredCardOrder() {
  const { cookie } = await signInCustomer(t.app);
  const order = await placeOrder(t.app, cookie, await findDish(t.app));
  const started = await callEndpoint(t.app, endpoints.customer.payment(order.id, "payment/create"), cookie, {
    returnUrl: "/en/menu/orders/payment-return",
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const back = redirectOf(
    await submitCard(t.app, started.body.redirectUrl, { cardNumber: SANDBOX.authorised }),
  );
  const authorised = await callEndpoint(
    t.app,
    endpoints.customer.payment(order.id, "payment/authorize"),
    cookie,
    {
      transactionID: back.query.transactionID,
    },
  );
  expect(authorised.status, JSON.stringify(authorised.body)).toBe(200);
  await deliver(order.id);
  return { cookie, orderId: order.id as number, goods: order.prices.cartTotal as number };
}

describe("a city's loyalty programme", () => {
  it("is off until an owner sets it; a refused value names its field; a dispatcher may not set it", async () => {
    const shown = await consoleEndpointCall(t, staff.owner, consoleEndpoints.citySettings("riga"));
    expect(shown.body.loyalty).toEqual({
      enabled: false,
      earnPoints: 1,
      earnPer: 1,
      pointValue: 0.01,
      minimumToRedeem: 100,
      expiryMonths: 12,
      welcomeBonus: 0,
    });

    const generous = await saveProgramme(staff.owner, { ...PROGRAMME, pointValue: 2.5 });
    expect(generous.status).toBe(400);
    expect(generous.body).toMatchObject({
      errorCode: "REWARD_OVER_SPEND",
      details: [{ field: "loyalty.pointValue" }],
    });
    const cents = await saveProgramme(staff.owner, { ...PROGRAMME, earnPer: 1.005 });
    expect(cents.body.details).toEqual([expect.objectContaining({ field: "loyalty.earnPer" })]);
    expect((await saveProgramme(staff.dispatcher, PROGRAMME)).status).toBe(403);

    const saved = await saveProgramme(staff.owner, PROGRAMME);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.loyalty).toEqual(PROGRAMME);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "locality.settings"))
      .orderBy(auditLog.id);
    expect(audited?.after).toMatchObject({ loyalty: PROGRAMME });
  });

  it("gives a customer the welcome bonus once, in the city they read; strangers get a 401", async () => {
    expect((await saveProgramme(staff.owner, PROGRAMME)).status).toBe(200);
    const { cookie } = await signInCustomer(t.app);
    const first = await pointsOf(cookie);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      localityCode: "riga",
      enabled: true,
      balance: 20,
      balanceValue: 1,
      pointValue: 0.05,
      earnPer: 2,
      minimumToRedeem: 10,
      expiresAt: "2027-05-23T12:00:00.000Z",
      entries: [{ kind: "WELCOME", points: 20, orderId: null }],
    });
    const [again, atOnce] = await Promise.all([pointsOf(cookie), pointsOf(cookie)]);
    expect(again.body.balance).toBe(20);
    expect(atOnce.body.entries).toHaveLength(1);
    // Kyiv runs no programme: nothing there.
    expect((await pointsOf(cookie, "kyiv")).body).toMatchObject({ enabled: false, balance: 0, entries: [] });
    expect((await pointsOf(null)).status).toBe(401);
    expect((await pointsOf(cookie, "atlantis")).status).toBe(404);
  });

  it("earns points on a delivered order, on its goods only, once", async () => {
    expect((await saveProgramme(staff.owner, PROGRAMME)).status).toBe(200);
    const { cookie, orderId, goods } = await deliveredCardOrder();
    const earned = Math.floor(goods / 2);
    expect(earned).toBeGreaterThan(0);
    const { body } = await pointsOf(cookie);
    expect(body.balance).toBe(20 + earned);
    expect(body.entries[0]).toMatchObject({ kind: "EARNED", points: earned, orderId });

    // Told twice that it was delivered (a retried request), it still earns once.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    await earnOrderPoints(t.database.db, order as typeof orders.$inferSelect, NOW);
    const rows = await t.database.db
      .select()
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.orderId, orderId), eq(loyaltyEntries.kind, "EARNED")));
    expect(rows).toHaveLength(1);
  });

  it("takes earned points back in proportion to a refund, and all of them with the rest", async () => {
    expect((await saveProgramme(staff.owner, PROGRAMME)).status).toBe(200);
    const { cookie, orderId, goods } = await deliveredCardOrder();
    const earned = Math.floor(goods / 2);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const paidMinor = Number(order?.finalTotal);
    const refund = (amount: number, requestKey: string) =>
      consoleEndpointCall(t, staff.owner, consoleEndpoints.refundOrder(orderId), {
        amount,
        reason: "A drink was missing",
        requestKey,
      });

    const partMinor = Math.round(paidMinor * 0.4);
    const first = randomUUID();
    const refunded = await refund(partMinor / 100, first);
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    // The same request again changes nothing.
    expect((await refund(partMinor / 100, first)).status).toBe(200);
    const afterPart = await pointsOf(cookie);
    const takenFirst = Math.ceil((earned * partMinor) / paidMinor);
    expect(afterPart.body.balance).toBe(20 + earned - takenFirst);
    expect(afterPart.body.entries[0]).toMatchObject({ kind: "REVERSED", points: -takenFirst, orderId });

    expect((await refund((paidMinor - partMinor) / 100, randomUUID())).status).toBe(200);
    const afterAll = await pointsOf(cookie);
    expect(afterAll.body.balance).toBe(20);

    const report = await consoleEndpointCall(
      t,
      staff.owner,
      consoleEndpoints.reports({ from: "2026-11-23", to: "2026-11-23", localityCode: "riga" }),
    );
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.loyalty.reversed).toBeGreaterThanOrEqual(earned);
    expect(report.body.loyalty.outstanding).toBeGreaterThan(0);
    expect(report.body.loyalty.outstandingValue).toBe(Math.round(report.body.loyalty.outstanding * 5) / 100);
  });

  it("pays for goods with points at checkout, and gives them back when the order is cancelled", async () => {
    expect((await saveProgramme(staff.owner, PROGRAMME)).status).toBe(200);
    const { cookie } = await signInCustomer(t.app);
    expect((await pointsOf(cookie)).body.balance).toBe(20);
    const menu = await findDish(t.app);
    const { cartId, cookie: cartCookie } = await newCart(t.app, cookie);
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cartCookie, {
      vendorId: menu.restaurant.id,
      productId: menu.dish.id,
      count: 1,
    });
    const offered = await callEndpoint(t.app, endpoints.carts.get(cartId), cartCookie);
    expect(offered.body.cart.loyalty).toEqual({
      balance: 20,
      usePoints: false,
      redeemablePoints: 20,
      pointValue: 0.05,
      minimumToRedeem: 10,
    });
    const before = offered.body.cart.price as number;
    const using = await callEndpoint(t.app, endpoints.carts.update(cartId), cartCookie, { usePoints: true });
    expect(using.status, JSON.stringify(using.body)).toBe(200);
    expect(using.body.cart.prices.discounts).toEqual([{ type: "LOYALTY", points: 20, discountTotal: 1 }]);
    expect(using.body.cart.price).toBeCloseTo(before - 1, 2);

    const placed = await callEndpoint(t.app, endpoints.customer.placeOrder(), cartCookie, { cartId });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const spent = await pointsOf(cookie);
    expect(spent.body.balance).toBe(0);
    expect(spent.body.entries[0]).toMatchObject({ kind: "SPENT", points: -20, orderId: placed.body.id });

    const cancelled = await callEndpoint(t.app, endpoints.customer.cancelOrder(placed.body.id), cookie);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const back = await pointsOf(cookie);
    expect(back.body.balance).toBe(20);
    expect(back.body.entries[0]).toMatchObject({ kind: "REVERSED", points: 20, orderId: placed.body.id });
  });

  // Last: it expires every balance of this file's customers.
  it("expires a balance left quiet past the programme's months in the hourly duty, before its customer comes back", async () => {
    expect((await saveProgramme(staff.owner, PROGRAMME)).status).toBe(200);
    const { cookie } = await signInCustomer(t.app);
    expect((await pointsOf(cookie)).body.balance).toBe(20);
    const monthsLater = (months: number) => {
      const at = new Date(NOW);
      at.setUTCMonth(at.getUTCMonth() + months);
      return at;
    };
    // Five months without activity: nothing expires (the programme allows six).
    expect(await expireQuietPoints(t.database.db, monthsLater(5))).toBe(0);
    expect((await pointsOf(cookie)).body.balance).toBe(20);

    // The duty runs a month late (a stopped deployment): the line is dated when the points expired.
    expect(await expireQuietPoints(t.database.db, monthsLater(7))).toBeGreaterThan(0);
    // Written by the duty: the customer reads it at a time when nothing would be due yet.
    const after = await pointsOf(cookie);
    expect(after.body.balance).toBe(0);
    expect(after.body.entries[0]).toMatchObject({
      kind: "EXPIRED",
      points: -20,
      orderId: null,
      createdAt: monthsLater(6).toISOString(),
    });
    // Once only.
    expect(await expireQuietPoints(t.database.db, monthsLater(8))).toBe(0);

    const reportOf = async (day: string) => {
      const report = await consoleEndpointCall(
        t,
        staff.owner,
        consoleEndpoints.reports({ from: day, to: day, localityCode: "riga" }),
      );
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      return report.body.loyalty;
    };
    const expiryDay = monthsLater(6);
    // The city's report counts the expiry on its day, and the liability gone from that day's end.
    const onTheDay = await reportOf(expiryDay.toISOString().slice(0, 10));
    expect(onTheDay).toMatchObject({ outstanding: 0, outstandingValue: 0 });
    expect(onTheDay.expired).toBeGreaterThanOrEqual(20);
    expiryDay.setUTCDate(expiryDay.getUTCDate() - 1);
    expect((await reportOf(expiryDay.toISOString().slice(0, 10))).outstanding).toBeGreaterThanOrEqual(20);
  });

  it("keeps a guest's cart from spending points", async () => {
    const { cartId, cookie } = await newCart(t.app, null);
    const refused = await callEndpoint(t.app, endpoints.carts.update(cartId), cookie, { usePoints: true });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ field: "usePoints" })]);
  });
});
