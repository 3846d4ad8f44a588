import { describe, expect, it } from "vitest";
import { reportCsv } from "./report-csv.ts";

const WORDS = {
  date: "Date",
  orders: "Orders",
  revenue: "Revenue (EUR)",
  refunded: "Refunded (EUR)",
  cancelled: "Cancelled",
  declined: "Declined",
  total: "Total",
  loyalty: {
    issued: "Points issued",
    redeemed: "Points spent",
    expired: "Points expired",
    reversed: "Points taken back",
    outstanding: "Points held",
    outstandingValue: "Value held (EUR)",
  },
};

const NO_ORDERS = {
  orders: 0,
  completed: 0,
  revenue: 0,
  refunded: 0,
  averageBasket: null,
  cancelled: 0,
  declined: 0,
  cancellationRate: null,
  declineRate: null,
};

describe("reportCsv", () => {
  it("writes a line per day and one of totals", () => {
    const csv = reportCsv(
      {
        days: [
          { date: "2026-11-23", orders: 3, revenue: 41.5, refunded: 2.5, cancelled: 0, declined: 1 },
          { date: "2026-11-24", orders: 0, revenue: 0, refunded: 0, cancelled: 0, declined: 0 },
        ],
        totals: {
          orders: 3,
          completed: 1,
          revenue: 41.5,
          refunded: 2.5,
          averageBasket: 20.75,
          cancelled: 0,
          declined: 1,
          cancellationRate: 0,
          declineRate: 1 / 3,
        },
        loyalty: null,
      },
      WORDS,
    );
    expect(csv).toBe(
      "Date,Orders,Revenue (EUR),Refunded (EUR),Cancelled,Declined\r\n2026-11-23,3,41.5,2.5,0,1\r\n2026-11-24,0,0,0,0,0\r\nTotal,3,41.5,2.5,0,1\r\n",
    );
  });

  it("quotes a header that holds a comma or a quote", () => {
    const csv = reportCsv(
      { days: [], totals: NO_ORDERS, loyalty: null },
      { ...WORDS, revenue: 'Ieņēmumi, "EUR"' },
    );
    expect(csv.split("\r\n")[0]).toBe('Date,Orders,"Ieņēmumi, ""EUR""",Refunded (EUR),Cancelled,Declined');
  });

  it("adds the loyalty programme's points and the value customers hold, where the city runs one", () => {
    const loyalty = {
      issued: 1200,
      redeemed: 300,
      expired: 50,
      reversed: 20,
      outstanding: 830,
      outstandingValue: 8.3,
    };
    const csv = reportCsv({ days: [], totals: NO_ORDERS, loyalty }, WORDS);
    expect(csv.split("\r\n").slice(2)).toEqual([
      "",
      "Points issued,1200",
      "Points spent,300",
      "Points expired,50",
      "Points taken back,20",
      "Points held,830",
      "Value held (EUR),8.3",
      "",
    ]);
    expect(reportCsv({ days: [], totals: NO_ORDERS, loyalty: null }, WORDS).split("\r\n")).toHaveLength(3);
  });
});
