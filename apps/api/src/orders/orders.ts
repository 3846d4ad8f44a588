import {
  courierDetailsOf,
  customerMayCancel,
  displayedOrderStatus,
  isScheduledOrder,
  orderPageFor,
  toMajorUnits,
  vendorAddress,
} from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { type ArrivalPlace, courierKmhOf, etaOf } from "./arrival.ts";
import { findOrderFacts, type OrderRow, type StatusChangeRow } from "./orders-repository.ts";

export type { OrderRow } from "./orders-repository.ts";

type VendorPlace = Order["vendors"][number] & ArrivalPlace;

/** An order for a time to come rather than at once. */
export function isPreorder(row: Pick<OrderRow, "preorderDateTime">): boolean {
  return row.preorderDateTime !== null;
}

/** The live tracking socket of an order. */
export function trackingPathOf(orderId: number): string {
  return `/api/customer/orders/track?orderID=${orderId}`;
}

export async function toOrder(db: Database, row: OrderRow, now: Date): Promise<Order> {
  const [order] = await toOrders(db, [row], now);
  return order as Order;
}

/**
 * The API's JSON of several orders as they are at `now`, with three queries for all of them
 * (history, vendors, localities).
 */
export async function toOrders(db: Database, rows: OrderRow[], now: Date): Promise<Order[]> {
  if (rows.length === 0) return [];
  const vendorIds = [...new Set(rows.flatMap((row) => row.snapshot.vendorCarts.map((v) => v.vendorId)))];
  const localityIds = [...new Set(rows.map((row) => row.localityId))];
  const { history, places, speeds, refunds, reported } = await findOrderFacts(db, {
    orderIds: rows.map((row) => row.id),
    vendorIds,
    localityIds,
  });
  const placeById = new Map(places.map((place) => [place.id, { ...place, address: vendorAddress(place) }]));
  const kmhOf = new Map(speeds.map((locality) => [locality.id, courierKmhOf(locality.params)]));
  const changesByOrder = new Map<number, StatusChangeRow[]>();
  for (const change of history)
    changesByOrder.set(change.orderId, [...(changesByOrder.get(change.orderId) ?? []), change]);
  return rows.map((row) => ({
    ...describeOrder(row, changesByOrder.get(row.id) ?? [], placeById, {
      now,
      kmh: kmhOf.get(row.localityId) ?? courierKmhOf({}),
    }),
    ...refundsOf(
      row,
      refunds.filter((refund) => refund.orderId === row.id),
      reported.filter((payment) => payment.orderId === row.id),
    ),
  }));
}

/**
 * What the partner gave back of the order's payment: each refund, and the total (what the processor
 * reports when that is more, as for a refund made at its dashboard).
 */
function refundsOf(
  row: OrderRow,
  refunds: Array<{ amount: number; reason: string; createdAt: Date }>,
  reported: Array<{ refunded: number }>,
): Pick<Order, "refunds" | "refundedAmount"> {
  const currency = row.currencyCode;
  const own = refunds.reduce((sum, refund) => sum + refund.amount, 0);
  const atProcessor = reported.reduce((sum, payment) => sum + payment.refunded, 0);
  return {
    refunds: refunds.map((refund) => ({
      amount: toMajorUnits(refund.amount, currency),
      reason: refund.reason,
      at: refund.createdAt.toISOString(),
    })),
    refundedAmount: toMajorUnits(Math.max(own, atProcessor), currency),
  };
}

function describeOrder(
  row: OrderRow,
  history: StatusChangeRow[],
  places: Map<number, VendorPlace>,
  clock: { now: Date; kmh: number },
): Omit<Order, "refunds" | "refundedAmount"> {
  const status = row.status;
  const firstVendorId = row.snapshot.vendorCarts[0]?.vendorId;
  const completed = history.findLast((change) => change.status === "COMPLETED");
  return {
    id: row.id,
    status,
    localityCode: row.snapshot.localityCode,
    currencyCode: row.currencyCode,
    receiptType: row.receiptType,
    paymentType: row.paymentType,
    paymentMethod: row.paymentMethod,
    preorderDateTime: row.preorderDateTime,
    preorderAt: row.snapshot.preorderAt ?? null,
    withCutlery: row.withCutlery,
    deliveryInstructions: row.deliveryInstructions,
    promocode: row.promoCode,
    invoiceEmail: row.invoiceEmail,
    address: row.snapshot.address
      ? { ...row.snapshot.address, ...courierDetailsOf(row.snapshot.address) }
      : null,
    vendorCarts: row.snapshot.vendorCarts,
    prices: row.snapshot.prices,
    price: row.snapshot.prices.finalTotal,
    createdAt: row.createdAt.toISOString(),
    statusHistory: history.map((h) => ({
      status: h.status as Order["status"],
      at: h.at.toISOString(),
      actor: h.actor,
    })),
    displayStatus: displayedOrderStatus(status),
    page: orderPageFor(status),
    canCancel: customerMayCancel(status, { preorder: isPreorder(row) }),
    scheduled: isScheduledOrder({ status, preorder: isPreorder(row) }),
    completedAt: status === "COMPLETED" && completed ? completed.at.toISOString() : null,
    createdBy: row.userId,
    paymentStatus: row.paymentStatus as Order["paymentStatus"],
    courier: row.courierName !== null ? { name: row.courierName, phone: row.courierPhone ?? "" } : null,
    courierLocation:
      row.courierLatitude !== null && row.courierLongitude !== null
        ? { latitude: row.courierLatitude, longitude: row.courierLongitude }
        : null,
    vendors: row.snapshot.vendorCarts.flatMap((vendorCart) => {
      const place = places.get(vendorCart.vendorId);
      return place
        ? [
            {
              id: place.id,
              name: place.name,
              address: place.address,
              latitude: place.latitude,
              longitude: place.longitude,
            },
          ]
        : [];
    }),
    tracking: { path: trackingPathOf(row.id) },
    eta: etaOf(row, {
      statusAt: history.at(-1)?.at ?? row.createdAt,
      vendor: firstVendorId === undefined ? null : (places.get(firstVendorId) ?? null),
      ...clock,
    }),
  };
}
