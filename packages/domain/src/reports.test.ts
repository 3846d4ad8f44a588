import { describe, expect, it } from "vitest";
import { buildFunnel, buildReport, datesBetween, outcomeOf, type ReportOrder } from "./reports.ts";

const RIGA = "Europe/Riga";
const soup = { productId: 1, name: "Soup", count: 2, totalMinor: 1000 };
const pie = { productId: 2, name: "Pie", count: 1, totalMinor: 700 };

function order(change: Partial<ReportOrder>): ReportOrder {
  return {
    placedAt: new Date("2026-11-20T10:00:00Z"),
    status: "COMPLETED",
    totalMinor: 1700,
    refundedMinor: 0,
    lines: [soup, pie],
    promisedMinutes: 45,
    completedAt: new Date("2026-11-20T10:40:00Z"),
    endReason: null,
    ...change,
  };
}

const report = (orders: ReportOrder[], reviews = []) =>
  buildReport({ from: "2026-11-20", to: "2026-11-22", timeZone: RIGA, orders, reviews });

describe("datesBetween", () => {
  it.each([
    ["2026-11-20", "2026-11-22", ["2026-11-20", "2026-11-21", "2026-11-22"]],
    ["2026-12-31", "2027-01-01", ["2026-12-31", "2027-01-01"]],
    ["2026-11-22", "2026-11-20", []],
  ])("from %s to %s", (from, to, dates) => {
    expect(datesBetween(from, to)).toEqual(dates);
  });
});

describe("outcomeOf", () => {
  it.each([
    ["DECLINED", "DECLINED"],
    ["CANCELED", "CANCELLED"],
    ["CANCELLED", "CANCELLED"],
    ["COMPLETED", null],
    ["PREPARING", null],
  ] as const)("%s counts as %s", (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });
});

describe("buildReport", () => {
  it("counts orders on the locality's day, with every day of the period shown", () => {
    // 23:30 in Riga on the 21st is 21:30 UTC; 22:30 UTC is already the 22nd there.
    const { days } = report([
      order({ placedAt: new Date("2026-11-21T21:30:00Z") }),
      order({ placedAt: new Date("2026-11-21T22:30:00Z") }),
      order({ placedAt: new Date("2026-11-25T10:00:00Z") }),
    ]);
    expect(days.map((day) => [day.date, day.orders])).toEqual([
      ["2026-11-20", 0],
      ["2026-11-21", 1],
      ["2026-11-22", 1],
    ]);
  });

  it("takes revenue, the basket and the products from orders not declined or cancelled", () => {
    const { totals, topProducts } = report([
      order({ refundedMinor: 250 }),
      order({ status: "PREPARING", totalMinor: 2300, lines: [{ ...soup, count: 3, totalMinor: 1500 }] }),
      order({ status: "DECLINED", totalMinor: 9900, endReason: "Out of soup" }),
      order({ status: "CANCELED", totalMinor: 9900 }),
    ]);
    expect(totals).toEqual({
      orders: 4,
      completed: 1,
      revenueMinor: 4000,
      refundedMinor: 250,
      averageBasketMinor: 2000,
      cancelled: 1,
      declined: 1,
      cancellationRate: 0.25,
      declineRate: 0.25,
    });
    expect(topProducts).toEqual([
      { productId: 1, name: "Soup", count: 5, revenueMinor: 2500 },
      { productId: 2, name: "Pie", count: 1, revenueMinor: 700 },
    ]);
  });

  it("groups the reasons of declines and cancellations, the most frequent first", () => {
    const { reasons } = report([
      order({ status: "DECLINED", endReason: "Kitchen closed" }),
      order({ status: "DECLINED", endReason: " Kitchen closed " }),
      order({ status: "CANCELLED", endReason: null }),
    ]);
    expect(reasons).toEqual([
      { outcome: "DECLINED", reason: "Kitchen closed", count: 2 },
      { outcome: "CANCELLED", reason: null, count: 1 },
    ]);
  });

  it("sets actual delivery minutes against the promise, for completed orders with one", () => {
    const { delivery } = report([
      order({ completedAt: new Date("2026-11-20T10:30:00Z") }),
      order({ completedAt: new Date("2026-11-20T11:00:00Z") }),
      order({ promisedMinutes: null }),
      order({ status: "ON_DELIVERY", completedAt: null }),
    ]);
    expect(delivery).toEqual({ orders: 2, promisedMinutes: 45, actualMinutes: 45, late: 1 });
  });

  it("summarises vendor and courier ratings apart", () => {
    const { ratings } = buildReport({
      from: "2026-11-20",
      to: "2026-11-20",
      timeZone: RIGA,
      orders: [],
      reviews: [
        { kind: "VENDOR", rating: 5 },
        { kind: "VENDOR", rating: 4 },
        { kind: "COURIER", rating: 2 },
      ],
    });
    expect(ratings.vendor).toEqual({ average: 4.5, count: 2, distribution: [0, 0, 0, 1, 1] });
    expect(ratings.courier).toEqual({ average: 2, count: 1, distribution: [0, 1, 0, 0, 0] });
  });

  it("has no rates or basket without orders", () => {
    const { totals, delivery } = report([]);
    expect(totals).toMatchObject({ orders: 0, averageBasketMinor: null, cancellationRate: null });
    expect(delivery.promisedMinutes).toBeNull();
  });
});

describe("buildFunnel", () => {
  const period = { from: "2026-11-20", to: "2026-11-21" };

  it("fills the days that counted nothing and takes the period's totals as given", () => {
    const funnel = buildFunnel({
      ...period,
      counted: [
        { date: "2026-11-21", step: "visits", visits: 8 },
        { date: "2026-11-21", step: "carts", visits: 4 },
        { date: "2026-11-21", step: "orders", visits: 1 },
        // Outside the period: left out.
        { date: "2026-11-22", step: "visits", visits: 5 },
      ],
      // One visit on both days: 9 visits of the days, 8 of the period.
      totals: { visits: 8, carts: 4, checkouts: 2, orders: 1 },
    });
    expect(funnel.days).toEqual([
      { date: "2026-11-20", visits: 0, carts: 0, checkouts: 0, orders: 0 },
      { date: "2026-11-21", visits: 8, carts: 4, checkouts: 0, orders: 1 },
    ]);
    expect(funnel.totals).toEqual({ visits: 8, carts: 4, checkouts: 2, orders: 1 });
  });

  it.each([
    [{ visits: 10, carts: 5, checkouts: 2, orders: 1 }, { carts: 0.5, checkouts: 0.4, orders: 0.5 }, 0.1],
    [{ visits: 10, carts: 0, checkouts: 0, orders: 0 }, { carts: 0, checkouts: null, orders: null }, 0],
    [{}, { carts: null, checkouts: null, orders: null }, null],
    // A checkout whose visit's page view never came: the share says so rather than being capped.
    [{ visits: 0, carts: 1, checkouts: 2, orders: 2 }, { carts: null, checkouts: 2, orders: 1 }, null],
  ])("gives each step's share of the one before: %o", (totals, stepRates, conversion) => {
    const funnel = buildFunnel({ ...period, counted: [], totals });
    expect(funnel.stepRates).toEqual(stepRates);
    expect(funnel.conversion).toBe(conversion);
  });
});
