import type { OrderStatusName } from "./order-status.ts";
import { addDaysToLocalDate, localDateOf } from "./working-hours.ts";

/** The longest period a report covers, in days: a quarter. */
export const REPORT_MAX_DAYS = 92;
/** How many products the report ranks. */
export const REPORT_TOP_PRODUCTS = 10;

/** An order as a report reads it; amounts in minor units (the vendor's part when a vendor is chosen). */
export interface ReportOrder {
  placedAt: Date;
  status: OrderStatusName;
  totalMinor: number;
  /** What the partner gave back of it afterwards (partial refunds of a delivered order). */
  refundedMinor: number;
  lines: ReadonlyArray<{ productId: number; name: string; count: number; totalMinor: number }>;
  /** The longest delivery the customer was promised, in minutes; null for a preorder or a takeaway. */
  promisedMinutes: number | null;
  /** When it was completed, if it was. */
  completedAt: Date | null;
  /** Why it was declined or cancelled, as the staff wrote it (null: not said). */
  endReason: string | null;
}

export interface ReportReview {
  kind: "VENDOR" | "COURIER";
  rating: number;
}

export type ReportOutcome = "CANCELLED" | "DECLINED";

export interface RatingSummary {
  average: number | null;
  count: number;
  /** How many gave 1, 2, 3, 4 and 5 stars. */
  distribution: [number, number, number, number, number];
}

export interface Report {
  days: Array<{
    date: string;
    orders: number;
    revenueMinor: number;
    refundedMinor: number;
    cancelled: number;
    declined: number;
  }>;
  totals: {
    orders: number;
    completed: number;
    revenueMinor: number;
    /** Given back of the revenue afterwards: it is counted in the revenue, and here again. */
    refundedMinor: number;
    averageBasketMinor: number | null;
    cancelled: number;
    declined: number;
    /** Shares of the orders, 0 to 1; null without orders. */
    cancellationRate: number | null;
    declineRate: number | null;
  };
  reasons: Array<{ outcome: ReportOutcome; reason: string | null; count: number }>;
  topProducts: Array<{ productId: number; name: string; count: number; revenueMinor: number }>;
  delivery: {
    /** Completed deliveries ordered for as soon as possible: the ones with a promise to keep. */
    orders: number;
    promisedMinutes: number | null;
    actualMinutes: number | null;
    late: number;
  };
  ratings: { vendor: RatingSummary; courier: RatingSummary };
}

/** The outcome an order's final status counts as: the customer's CANCELED and the staff's CANCELLED alike. */
export function outcomeOf(status: OrderStatusName): ReportOutcome | null {
  if (status === "DECLINED") return "DECLINED";
  if (status === "CANCELED" || status === "CANCELLED") return "CANCELLED";
  return null;
}

/** Every date from `from` to `to`, both included (local dates, YYYY-MM-DD). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDaysToLocalDate(date, 1)) dates.push(date);
  return dates;
}

const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const mean = (values: number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;

function ratingSummary(reviews: readonly ReportReview[]): RatingSummary {
  const distribution: RatingSummary["distribution"] = [0, 0, 0, 0, 0];
  for (const { rating } of reviews) {
    const index = Math.min(5, Math.max(1, Math.round(rating))) - 1;
    distribution[index] = (distribution[index] ?? 0) + 1;
  }
  const average = mean(reviews.map((review) => review.rating));
  return {
    average: average === null ? null : Math.round(average * 100) / 100,
    count: reviews.length,
    distribution,
  };
}

/**
 * The figures of a partner's, locality's or vendor's orders placed from `from` to `to` (local dates
 * of `timeZone`): per day and in all, the orders placed; revenue and the average basket of those not
 * declined or cancelled; cancellation and decline rates with their reasons; the best-selling products
 * (by units, of orders not declined or cancelled); promised against actual delivery minutes of
 * completed deliveries ordered for as soon as possible; and the ratings of these orders.
 */
export function buildReport(input: {
  from: string;
  to: string;
  timeZone: string;
  orders: readonly ReportOrder[];
  reviews: readonly ReportReview[];
}): Report {
  const days = new Map(
    datesBetween(input.from, input.to).map((date) => [
      date,
      { date, orders: 0, revenueMinor: 0, refundedMinor: 0, cancelled: 0, declined: 0 },
    ]),
  );
  const reasons = new Map<string, { outcome: ReportOutcome; reason: string | null; count: number }>();
  const products = new Map<
    number,
    { productId: number; name: string; count: number; revenueMinor: number }
  >();
  const promised: number[] = [];
  const actual: number[] = [];
  let late = 0;
  let counted = 0;
  let completed = 0;
  for (const order of input.orders) {
    const day = days.get(localDateOf(order.placedAt, input.timeZone));
    if (!day) continue;
    counted += 1;
    day.orders += 1;
    const outcome = outcomeOf(order.status);
    if (outcome) {
      if (outcome === "CANCELLED") day.cancelled += 1;
      else day.declined += 1;
      const reason = order.endReason?.trim() || null;
      const key = `${outcome}\u0000${reason ?? ""}`;
      const entry = reasons.get(key) ?? { outcome, reason, count: 0 };
      entry.count += 1;
      reasons.set(key, entry);
      continue;
    }
    day.revenueMinor += order.totalMinor;
    day.refundedMinor += order.refundedMinor;
    for (const line of order.lines) {
      const entry = products.get(line.productId) ?? {
        productId: line.productId,
        name: line.name,
        count: 0,
        revenueMinor: 0,
      };
      entry.count += line.count;
      entry.revenueMinor += line.totalMinor;
      products.set(line.productId, entry);
    }
    if (order.status !== "COMPLETED") continue;
    completed += 1;
    if (order.promisedMinutes !== null && order.completedAt) {
      const minutes = (order.completedAt.getTime() - order.placedAt.getTime()) / 60_000;
      promised.push(order.promisedMinutes);
      actual.push(minutes);
      if (minutes > order.promisedMinutes) late += 1;
    }
  }
  const dayList = [...days.values()];
  const revenueMinor = dayList.reduce((sum, day) => sum + day.revenueMinor, 0);
  const refundedMinor = dayList.reduce((sum, day) => sum + day.refundedMinor, 0);
  const cancelled = dayList.reduce((sum, day) => sum + day.cancelled, 0);
  const declined = dayList.reduce((sum, day) => sum + day.declined, 0);
  const paying = counted - cancelled - declined;
  const rounded = (value: number | null) => (value === null ? null : Math.round(value));
  return {
    days: dayList,
    totals: {
      orders: counted,
      completed,
      revenueMinor,
      refundedMinor,
      averageBasketMinor: paying === 0 ? null : Math.round(revenueMinor / paying),
      cancelled,
      declined,
      cancellationRate: share(cancelled, counted),
      declineRate: share(declined, counted),
    },
    reasons: [...reasons.values()].sort((a, b) => b.count - a.count || a.outcome.localeCompare(b.outcome)),
    topProducts: [...products.values()]
      .sort((a, b) => b.count - a.count || b.revenueMinor - a.revenueMinor || a.productId - b.productId)
      .slice(0, REPORT_TOP_PRODUCTS),
    delivery: {
      orders: promised.length,
      promisedMinutes: rounded(mean(promised)),
      actualMinutes: rounded(mean(actual)),
      late,
    },
    ratings: {
      vendor: ratingSummary(input.reviews.filter((review) => review.kind === "VENDOR")),
      courier: ratingSummary(input.reviews.filter((review) => review.kind === "COURIER")),
    },
  };
}

/** The steps of the storefront's funnel, in order: a visit, a cart, a checkout, an order. */
export const FUNNEL_STEPS = ["visits", "carts", "checkouts", "orders"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export type FunnelCounts = Record<FunnelStep, number>;

export interface Funnel {
  days: Array<{ date: string } & FunnelCounts>;
  totals: FunnelCounts;
  /** Each step's share of the step before it, 0 to 1; null where the step before counted none. */
  stepRates: Record<Exclude<FunnelStep, "visits">, number | null>;
  /** Orders' share of the visits, 0 to 1; null without visits. */
  conversion: number | null;
}

const noCounts = (): FunnelCounts => ({ visits: 0, carts: 0, checkouts: 0, orders: 0 });

/**
 * The funnel of a city's visits from `from` to `to` (its local dates): how many visits reached each
 * step on each day, and over the period (a visit that came back on two days is one visit of the
 * period, so the totals are given, not summed), with each step's share of the one before.
 * `counted` has the days and steps that counted any; the others are 0. Shares are not capped: a visit
 * whose page view was lost (a browser that refused it, an event of another day) can make one over 1.
 */
export function buildFunnel(input: {
  from: string;
  to: string;
  counted: ReadonlyArray<{ date: string; step: FunnelStep; visits: number }>;
  totals: Partial<FunnelCounts>;
}): Funnel {
  const days = new Map(datesBetween(input.from, input.to).map((date) => [date, { date, ...noCounts() }]));
  for (const { date, step, visits } of input.counted) {
    const day = days.get(date);
    if (day) day[step] = visits;
  }
  const totals = { ...noCounts(), ...input.totals };
  return {
    days: [...days.values()],
    totals,
    stepRates: {
      carts: share(totals.carts, totals.visits),
      checkouts: share(totals.checkouts, totals.carts),
      orders: share(totals.orders, totals.checkouts),
    },
    conversion: share(totals.orders, totals.visits),
  };
}
