import { arrivalWindow, DEFAULT_COURIER_KMH, type Point, streetPathKm } from "@storefront/domain";
import type { Order } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import type { OrderEvents } from "./order-events.ts";
import { findArrivalFacts, keepArrivalWindow, type OrderRow } from "./orders-repository.ts";

export type Eta = NonNullable<Order["eta"]>;

/** Where the order's (first) vendor cooks, and how long it says it takes. */
export interface ArrivalPlace extends Point {
  cookingMinutesMin: number;
  cookingMinutesMax: number;
}

/**
 * The order's arrival window as the API tells it (ISO instants), or null when nothing is awaited:
 * the cooking the kitchen said it needs when it accepted (else the vendor's cooking time), the
 * pick-up, and the ride along the street path from the vendor (from the courier once on the way)
 * at the locality's speed.
 */
export function etaOf(
  order: Pick<
    OrderRow,
    "status" | "receiptType" | "preparationMinutes" | "courierLatitude" | "courierLongitude" | "snapshot"
  >,
  facts: { statusAt: Date; vendor: ArrivalPlace | null; kmh: number; now: Date },
): Eta | null {
  const { vendor } = facts;
  if (!vendor) return null;
  const destination = order.snapshot.address;
  const courier =
    order.status === "ON_DELIVERY" && order.courierLatitude !== null && order.courierLongitude !== null
      ? { latitude: order.courierLatitude, longitude: order.courierLongitude }
      : null;
  const prepared = order.preparationMinutes;
  const window = arrivalWindow({
    now: facts.now.getTime(),
    status: order.status,
    receiptType: order.receiptType,
    statusAt: facts.statusAt.getTime(),
    cookingMinutes:
      prepared === null ? [vendor.cookingMinutesMin, vendor.cookingMinutesMax] : [prepared, prepared],
    rideKm: destination ? streetPathKm(courier ?? vendor, destination) : 0,
    kmh: facts.kmh,
    preorderAt: order.snapshot.preorderAt ? Date.parse(order.snapshot.preorderAt) : null,
  });
  return window && { from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString() };
}

/** The locality's courier speed: its own when set, else the default. */
export const courierKmhOf = (params: { courierKmh?: number }) => params.courierKmh ?? DEFAULT_COURIER_KMH;

/**
 * Works the order's window out again and, when it changed, keeps it (the first one too, to compare
 * with the arrival) and tells the customer's tracking sockets (ETA_UPDATE).
 */
export async function refreshArrivalWindow(
  deps: { db: Database; events: OrderEvents },
  order: OrderRow,
  now: Date,
): Promise<void> {
  const vendorId = order.snapshot.vendorCarts[0]?.vendorId;
  // On the way, with the courier's position known, the window is the ride alone: no need to read
  // the kitchen (a courier's every move comes here).
  const riding = order.status === "ON_DELIVERY" && order.courierLatitude !== null;
  const { vendor, locality, last } = await findArrivalFacts(deps.db, {
    orderId: order.id,
    vendorId,
    localityId: order.localityId,
    riding,
  });
  const eta = etaOf(order, {
    statusAt: last?.at ?? order.createdAt,
    vendor: vendor ?? null,
    kmh: courierKmhOf(locality?.params ?? {}),
    now,
  });
  if (sameEta(eta, order.eta)) return;
  await keepArrivalWindow(deps.db, order.id, eta);
  await deps.events.publish({ type: "ETA_UPDATE", orderId: order.id, userId: order.userId, eta });
}

const sameEta = (a: Eta | null, b: Eta | null) => a?.from === b?.from && a?.to === b?.to;
