import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, type OpenVendor, openRestaurants, plain } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { addPartner, customer, placeOrder } from "./order-helpers.ts";

/** Monday 23 November 2026, 14:00 in Riga; the clock moves as the test says. */
let now = new Date("2026-11-23T12:00:00Z");
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
let t: TestApp;
let kitchen: OpenVendor;
const staff = { owner: "", manager: "", dispatcher: "", otherOwner: "" };

beforeAll(async () => {
  t = await startTestApp({ clock: () => now });
  [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
  staff.owner = await staffSession(t, "OWNER", "owner@reports.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@reports.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@reports.example");
  await addPartner(t, "other-reports");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-reports.example", {
    partner: "other-reports",
  });
});
afterAll(() => t.close());

const move = async (orderId: number, action: string, body: object = {}) => {
  const moved = await consoleEndpointCall(t, staff.owner, consoleEndpoints.moveOrder(orderId, action), body);
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
};

/** Riga's report from one day to another, of one vendor if given. */
const report = (cookie: string, from: string, to: string, vendorId?: number) =>
  consoleEndpointCall(
    t,
    cookie,
    consoleEndpoints.reports({ from, to, localityCode: "riga", vendorId: vendorId?.toString() }),
  );

describe("a report in the console", () => {
  it("adds up the orders the test placed: counts, revenue, best seller, decline reason, delivery time and ratings", async () => {
    const dish = kitchen.products.find((product) => plain(product) && product.price >= kitchen.minOrderPrice);
    const productId = (dish ?? (kitchen.products[0] as { id: number })).id;
    const buyer = await customer(t);

    // Delivered in 40 minutes, and reviewed.
    const delivered = await placeOrder(t.app, buyer.session, kitchen.id, [{ productId, count: 2 }]);
    await move(delivered.id, "accept", { preparationMinutes: 15 });
    await move(delivered.id, "preparing");
    await move(delivered.id, "ready");
    await move(delivered.id, "on-delivery");
    await move(delivered.id, "arrived");
    later(40);
    await move(delivered.id, "complete");
    for (const [kind, rating] of [
      ["vendor", 4],
      ["courier", 5],
    ] as const) {
      const review = endpoints.customer.review(delivered.id, kind);
      const reviewed = await callEndpoint(t.app, review, buyer.session, {
        rating,
        ...(kind === "vendor"
          ? { vendorId: kitchen.id, vendorName: delivered.vendorCarts[0].vendorName }
          : {}),
      });
      expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(201);
    }
    // Declined, with the kitchen's reason.
    const declined = await placeOrder(t.app, buyer.session, kitchen.id, [{ productId, count: 5 }]);
    await move(declined.id, "decline", { reason: "Out of dough" });
    // Still waiting for the kitchen: counted, with its revenue.
    const waiting = await placeOrder(t.app, buyer.session, kitchen.id, [{ productId, count: 1 }]);

    const answer = await report(staff.manager, "2026-11-23", "2026-11-23", kitchen.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const revenue = delivered.vendorCarts[0].totalPrice + waiting.vendorCarts[0].totalPrice;
    expect(answer.body.currencyCode).toBe("EUR");
    expect(answer.body.days).toEqual([
      {
        date: "2026-11-23",
        orders: 3,
        revenue: expect.closeTo(revenue, 2),
        refunded: 0,
        cancelled: 0,
        declined: 1,
      },
    ]);
    expect(answer.body.totals).toMatchObject({
      orders: 3,
      completed: 1,
      declined: 1,
      cancelled: 0,
      averageBasket: expect.closeTo(revenue / 2, 2),
      declineRate: expect.closeTo(1 / 3, 5),
    });
    expect(answer.body.topProducts[0]).toMatchObject({ productId, count: 3 });
    expect(answer.body.reasons).toEqual([{ outcome: "DECLINED", reason: "Out of dough", count: 1 }]);
    expect(answer.body.delivery).toEqual({
      orders: 1,
      promisedMinutes: delivered.vendorCarts[0].maxEstimatedDeliveryDuration,
      actualMinutes: 40,
      late: 40 > delivered.vendorCarts[0].maxEstimatedDeliveryDuration ? 1 : 0,
    });
    expect(answer.body.ratings.vendor).toEqual({ average: 4, count: 1, distribution: [0, 0, 0, 1, 0] });
    expect(answer.body.ratings.courier).toMatchObject({ average: 5, count: 1 });

    // The day before and after hold none of them; the whole city holds them too.
    const around = await report(staff.owner, "2026-11-22", "2026-11-24");
    expect(around.body.days.map((day: { orders: number }) => day.orders)).toEqual([0, 3, 0]);
  });

  it.each([
    ["a period that ends before it starts", "2026-11-23", "2026-11-22", 400, "to"],
    ["a period longer than 92 days", "2026-01-01", "2026-12-31", 400, "to"],
    ["a date that is no date", "2026-02-30", "2026-03-01", 400, "from"],
  ])("refuses %s, naming the field", async (_, from, to, status, field) => {
    const refused = await report(staff.owner, from, to);
    expect(refused.status).toBe(status);
    expect(refused.body.details?.[0]?.field).toBe(field);
  });

  it("is for owners and managers, of their own partner's cities", async () => {
    expect((await report(staff.dispatcher, "2026-11-23", "2026-11-23")).status).toBe(403);
    const other = await report(staff.otherOwner, "2026-11-23", "2026-11-23");
    expect(other.status).toBe(404);
  });
});
