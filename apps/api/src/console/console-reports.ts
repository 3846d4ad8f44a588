import {
  addDaysToLocalDate,
  buildReport,
  instantOfLocalDateTime,
  type OrderStatusName,
  type Report,
  type ReportOrder,
  toMajorUnits,
  toMinorUnits,
} from "@storefront/domain";
import type { ConsoleReport, consoleReportQuerySchema } from "@storefront/domain/contract";
import type { z } from "zod";
import { loyaltyReport } from "../accounts/loyalty-points.ts";
import { findLocalityRowByCode } from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OrderRow } from "../orders/orders-repository.ts";
import {
  listPlacedCityOrders,
  listRefundedOfOrders,
  listReviewsOfOrders,
  listStatusChangesInto,
} from "./reports-repository.ts";

type ReportQuery = z.output<typeof consoleReportQuerySchema>;

const ENDS: OrderStatusName[] = ["COMPLETED", "DECLINED", "CANCELED", "CANCELLED"];

/** An order as the report reads it: the whole order, or the chosen vendor's part of it. */
function reportOrder(
  row: OrderRow,
  ends: Map<number, { status: string; at: Date; note: string | null }>,
  refunded: Map<number, number>,
  vendorId: number | null,
): ReportOrder | null {
  const carts = row.snapshot.vendorCarts.filter((cart) => vendorId === null || cart.vendorId === vendorId);
  if (carts.length === 0) return null;
  const minor = (major: number) => toMinorUnits(major, row.currencyCode);
  const end = ends.get(row.id);
  const asap = row.receiptType === "DELIVERY" && !row.preorderDateTime;
  return {
    placedAt: row.createdAt,
    status: row.status,
    // A refund is the whole order's: a vendor's report counts it for each order of the vendor's.
    refundedMinor: refunded.get(row.id) ?? 0,
    totalMinor:
      vendorId === null ? row.finalTotal : carts.reduce((sum, cart) => sum + minor(cart.totalPrice), 0),
    lines: carts.flatMap((cart) =>
      cart.items.map((item) => ({
        productId: item.productId,
        name: item.name,
        count: item.count,
        totalMinor: minor(item.totalPrice),
      })),
    ),
    promisedMinutes: asap ? Math.max(...carts.map((cart) => cart.maxEstimatedDeliveryDuration)) : null,
    completedAt: end?.status === "COMPLETED" ? end.at : null,
    endReason: end && end.status !== "COMPLETED" ? end.note : null,
  };
}

/**
 * The report of a partner's city (or of one vendor there) over a period of the city's days, read
 * from its orders (placed ones: an online order whose payment never went through is not counted),
 * their final moves and their reviews; another partner's city is a 404.
 */
export async function readConsoleReport(
  db: Database,
  partnerId: number,
  query: ReportQuery,
): Promise<ConsoleReport> {
  const locality = await findLocalityRowByCode(db, partnerId, query.localityCode);
  if (!locality) throw new AppError(404, "LocalityNotFoundException", `No city '${query.localityCode}'`);
  const start = instantOfLocalDateTime(`${query.from}T00:00`, locality.timeZone) as Date;
  const end = instantOfLocalDateTime(`${addDaysToLocalDate(query.to, 1)}T00:00`, locality.timeZone) as Date;
  const rows = await listPlacedCityOrders(db, {
    partnerId,
    localityId: locality.id,
    from: start,
    until: end,
  });
  const ids = rows.map((row) => row.id);
  const changes = await listStatusChangesInto(db, ids, ENDS);
  const ends = new Map(changes.map((change) => [change.orderId, change]));
  const refunded = new Map(
    (await listRefundedOfOrders(db, ids)).map((row) => [row.orderId, Number(row.refunded)]),
  );
  const vendorId = query.vendorId ?? null;
  const counted = rows.flatMap((row) => {
    const order = reportOrder(row, ends, refunded, vendorId);
    return order ? [{ id: row.id, order }] : [];
  });
  const countedIds = counted.map(({ id }) => id);
  const rated = await listReviewsOfOrders(db, countedIds);
  const report = buildReport({
    from: query.from,
    to: query.to,
    timeZone: locality.timeZone,
    orders: counted.map(({ order }) => order),
    // A vendor's report takes its own reviews and the couriers' of its orders.
    reviews: rated.filter(
      (review) => vendorId === null || review.kind === "COURIER" || review.vendorId === vendorId,
    ),
  });
  const inMajor = inMajorUnits(report, {
    localityCode: locality.code,
    currencyCode: locality.currencyCode,
    from: query.from,
    to: query.to,
    vendorId,
  });
  // Points are the city's, not a vendor's.
  const loyalty = vendorId === null ? await loyaltyReport(db, locality, { from: start, to: end }) : null;
  return { ...inMajor, loyalty };
}

function inMajorUnits(
  report: Report,
  scope: Pick<ConsoleReport, "localityCode" | "currencyCode" | "from" | "to" | "vendorId">,
): Omit<ConsoleReport, "loyalty"> {
  const major = (minor: number) => toMajorUnits(minor, scope.currencyCode);
  const { totals } = report;
  return {
    ...scope,
    days: report.days.map(({ revenueMinor, refundedMinor, ...day }) => ({
      ...day,
      revenue: major(revenueMinor),
      refunded: major(refundedMinor),
    })),
    totals: {
      orders: totals.orders,
      completed: totals.completed,
      revenue: major(totals.revenueMinor),
      refunded: major(totals.refundedMinor),
      averageBasket: totals.averageBasketMinor === null ? null : major(totals.averageBasketMinor),
      cancelled: totals.cancelled,
      declined: totals.declined,
      cancellationRate: totals.cancellationRate,
      declineRate: totals.declineRate,
    },
    reasons: report.reasons,
    topProducts: report.topProducts.map(({ revenueMinor, ...product }) => ({
      ...product,
      revenue: major(revenueMinor),
    })),
    delivery: report.delivery,
    ratings: report.ratings,
  };
}
