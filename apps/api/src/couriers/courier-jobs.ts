import {
  amountToCollect,
  COURIER_JOB_STATUSES,
  COURIER_STEPS,
  type CourierStep,
  handoverCodeLocked,
  type ShiftDelivery,
  shiftReport,
} from "@storefront/domain";
import type {
  CourierAccount,
  CourierJob,
  CourierJobs,
  CourierShiftReport,
} from "@storefront/domain/contract";
import { AppError } from "../errors.ts";
import { locateCourier } from "../orders/ops.ts";
import { orderNotFound } from "../orders/order-history.ts";
import { changeOrderStatus, type OrderOutcomeDeps, publishToBoard } from "../orders/order-outcome.ts";
import type { OrderRow } from "../orders/orders.ts";
import {
  countHandoverAttempt,
  findDeliveredOrdersOfCourier,
  findOrdersOfCourier,
} from "../orders/orders-repository.ts";
import { setCourierPosition, setCourierShift } from "./courier-accounts-repository.ts";
import { findJobCustomers, findPickUpPlaces } from "./courier-jobs-repository.ts";
import type { CourierRow } from "./courier-sessions-repository.ts";

/** On shift: a shift started and not ended. */
function isOnShift(courier: CourierRow): boolean {
  return courier.shiftStartedAt !== null && courier.shiftEndedAt === null;
}

/** A courier as their app shows them. */
export function toCourierAccount(courier: CourierRow): CourierAccount {
  return {
    id: courier.id,
    name: courier.name,
    phone: courier.phone,
    onShift: isOnShift(courier),
    shiftStartedAt: isOnShift(courier) ? (courier.shiftStartedAt?.toISOString() ?? null) : null,
  };
}

/**
 * The courier's jobs: the delivery orders given to them (by a dispatcher, as yet) and not ended,
 * oldest first, each with where to pick it up, where to take it, whom to call and what cash to take.
 * Offers come with automatic dispatch.
 */
export async function listCourierJobs(
  deps: Pick<OrderOutcomeDeps, "db">,
  courier: CourierRow,
): Promise<CourierJobs> {
  const rows = await findOrdersOfCourier(deps.db, {
    partnerId: courier.partnerId,
    courierId: courier.id,
    statuses: COURIER_JOB_STATUSES,
  });
  return { offers: [], active: await toJobs(deps.db, rows) };
}

async function toJobs(db: OrderOutcomeDeps["db"], rows: OrderRow[]): Promise<CourierJob[]> {
  const firstVendor = (row: OrderRow) => row.snapshot.vendorCarts[0]?.vendorId ?? 0;
  const [places, customers] = await Promise.all([
    findPickUpPlaces(db, [...new Set(rows.map(firstVendor))]),
    findJobCustomers(db, [...new Set(rows.map((row) => row.userId))]),
  ]);
  return rows.flatMap((row) => {
    const place = places.find((known) => known.id === firstVendor(row));
    const customer = customers.find((known) => known.id === row.userId);
    const address = row.snapshot.address;
    if (!place || !customer || !address) return [];
    return [
      {
        orderId: row.id,
        status: row.status,
        pickUp: {
          name: place.name,
          address: `${place.street} ${place.houseNumber}, ${place.city}`,
          latitude: place.latitude,
          longitude: place.longitude,
          phone: null,
        },
        dropOff: {
          address: address.formattedAddress ?? address.shortAddress ?? "",
          latitude: address.latitude,
          longitude: address.longitude,
          apartmentNumber: address.apartmentNumber ?? null,
          entrance: address.entrance ?? null,
          floor: address.floor ?? null,
          intercom: address.intercom ?? null,
          comment: address.comment ?? null,
          instructions: row.deliveryInstructions,
        },
        customer: { name: customer.name, phone: `+${customer.phone}` },
        itemsCount: row.snapshot.vendorCarts
          .flatMap((cart) => cart.items)
          .reduce((sum, item) => sum + item.count, 0),
        payment: {
          type: row.paymentType,
          amountToCollect: amountToCollect({
            paymentType: row.paymentType,
            total: row.snapshot.prices.finalTotal,
          }),
          currencyCode: row.currencyCode,
        },
        offerExpiresAt: null,
      },
    ];
  });
}

/** One of the courier's jobs under way, or the 404 of an order that is not theirs. */
async function jobOf(deps: Pick<OrderOutcomeDeps, "db">, courier: CourierRow, orderId: number) {
  const [order] = await findOrdersOfCourier(deps.db, {
    partnerId: courier.partnerId,
    courierId: courier.id,
    statuses: COURIER_JOB_STATUSES,
    orderId,
  });
  if (!order) throw orderNotFound(orderId);
  return order;
}

/**
 * A step of the courier's job: picked up (the order is on its way), arrived, delivered. Delivered
 * takes the code the customer's order page shows: a wrong one is refused and counted, and after the
 * fifth the courier may try no more (409 HANDOVER_LOCKED): the dispatcher is alerted and closes it.
 * Answers the job after the step, or null once it is delivered.
 */
export async function takeCourierStep(
  deps: OrderOutcomeDeps,
  input: {
    courier: CourierRow;
    orderId: number;
    step: CourierStep;
    handoverCode?: string | undefined;
    now: Date;
  },
): Promise<CourierJob | null> {
  const order = await jobOf(deps, input.courier, input.orderId);
  if (input.step === "delivered" && order.status === "ARRIVED") await checkHandoverCode(deps, order, input);
  const to = COURIER_STEPS[input.step];
  const moved = (
    await changeOrderStatus(deps, {
      orderId: order.id,
      to,
      actor: "COURIER",
      now: input.now,
      message: `An order in ${order.status} cannot be marked ${input.step}`,
    })
  ).order;
  if (to === "COMPLETED") return null;
  const [job] = await toJobs(deps.db, [moved]);
  return job ?? null;
}

async function checkHandoverCode(
  deps: Pick<OrderOutcomeDeps, "db" | "events">,
  order: OrderRow,
  input: { handoverCode?: string | undefined },
): Promise<void> {
  // An order that left the kitchen before codes were made has none to give.
  if (order.handoverCode === null) return;
  if (handoverCodeLocked(order.handoverAttempts)) throw codeLocked();
  if (input.handoverCode === order.handoverCode) return;
  const attempts = await countHandoverAttempt(deps.db, order.id);
  if (handoverCodeLocked(attempts)) {
    // The dispatcher's board and order page hear of it at once.
    await publishToBoard(deps.events, order);
    throw codeLocked();
  }
  throw new AppError(400, "InvalidHandoverCodeException", "This is not the customer's code", {
    details: [{ field: "handoverCode", message: `not the customer's code (${attempts} wrong)` }],
  });
}

function codeLocked(): AppError {
  return new AppError(
    409,
    "InvalidHandoverCodeException",
    "Too many wrong codes: the dispatcher closes this delivery",
    { errorCode: "HANDOVER_LOCKED", details: [{ field: "handoverCode", message: "too many wrong codes" }] },
  );
}

/**
 * On shift from now, or off. Off shift with a job under way is refused: the customer waits for it
 * (the dispatcher gives it to another courier first).
 */
export async function setShift(
  deps: Pick<OrderOutcomeDeps, "db">,
  input: { courier: CourierRow; online: boolean; now: Date },
): Promise<CourierAccount> {
  const { courier, online } = input;
  if (online === isOnShift(courier)) return toCourierAccount(courier);
  if (!online) {
    const { active } = await listCourierJobs(deps, courier);
    if (active.length > 0)
      throw new AppError(
        409,
        "CourierShiftException",
        "Finish or hand over your jobs before going off shift",
        {
          errorCode: "JOBS_UNDER_WAY",
        },
      );
  }
  return toCourierAccount(
    await setCourierShift(deps.db, courier.id, online ? { startedAt: input.now } : { endedAt: input.now }),
  );
}

/**
 * Where the courier is, while on shift (else 409): kept, and told the customers of the jobs on their
 * way (their tracking sockets, the arrival window).
 */
export async function reportPosition(
  deps: OrderOutcomeDeps,
  input: { courier: CourierRow; location: { latitude: number; longitude: number }; now: Date },
): Promise<void> {
  const { courier, location, now } = input;
  if (!isOnShift(courier))
    throw new AppError(409, "CourierShiftException", "Go on shift to share your position", {
      errorCode: "OFF_SHIFT",
    });
  await setCourierPosition(deps.db, courier.id, { ...location, at: now });
  const onTheWay = await findOrdersOfCourier(deps.db, {
    partnerId: courier.partnerId,
    courierId: courier.id,
    statuses: ["ON_DELIVERY", "ARRIVED"],
  });
  for (const order of onTheWay) await locateCourier(deps, { order, location, now });
}

/**
 * The courier's shift in figures (the one under way, else the last): its deliveries, their distance,
 * the cash to hand in and what they earned (shiftReport).
 */
export async function courierShiftReport(
  deps: Pick<OrderOutcomeDeps, "db">,
  courier: CourierRow,
  now: Date,
): Promise<CourierShiftReport> {
  const from = courier.shiftStartedAt;
  const to = isOnShift(courier) ? now : (courier.shiftEndedAt ?? now);
  const delivered = from
    ? await findDeliveredOrdersOfCourier(deps.db, {
        partnerId: courier.partnerId,
        courierId: courier.id,
        from,
        to,
      })
    : [];
  const places = await findPickUpPlaces(deps.db, [
    ...new Set(delivered.map((row) => row.snapshot.vendorCarts[0]?.vendorId ?? 0)),
  ]);
  const deliveries = delivered.flatMap((row): ShiftDelivery[] => {
    const pickUp = places.find((place) => place.id === row.snapshot.vendorCarts[0]?.vendorId);
    const dropOff = row.snapshot.address;
    if (!pickUp || !dropOff) return [];
    const { prices } = row.snapshot;
    const freeDelivery = prices.discounts
      .filter((discount) => discount.promoType === "FREE_DELIVERY")
      .reduce((sum, discount) => sum + discount.discountTotal, 0);
    return [
      {
        paymentType: row.paymentType,
        total: prices.finalTotal,
        deliveryFee: Math.max(0, prices.deliveryTotal - freeDelivery),
        tip: prices.tipAmount,
        pickUp,
        dropOff,
      },
    ];
  });
  return {
    shiftStartedAt: from?.toISOString() ?? null,
    shiftEndedAt: isOnShift(courier) ? null : (courier.shiftEndedAt?.toISOString() ?? null),
    currencyCode: delivered[0]?.currencyCode ?? null,
    ...shiftReport(deliveries),
  };
}
