import {
  amountToCollect,
  COURIER_JOB_STATUSES,
  COURIER_STEPS,
  type CourierStep,
  handoverCodeLocked,
  type ShiftDelivery,
  shiftReport,
  takesOffDelivery,
  vendorAddress,
} from "@storefront/domain";
import type {
  CourierAccount,
  CourierJob,
  CourierJobs,
  CourierShiftReport,
} from "@storefront/domain/contract";
import { chooseServingLocality } from "../carts/cart-locality.ts";
import { listLocalities } from "../catalogue/localities.ts";
import { AppError } from "../errors.ts";
import { locateCourier } from "../orders/ops.ts";
import { orderNotFound } from "../orders/order-history.ts";
import {
  changeOrderStatus,
  changeOrderStatusAfter,
  type OrderOutcomeDeps,
  publishToBoard,
} from "../orders/order-outcome.ts";
import type { OrderRow } from "../orders/orders.ts";
import {
  countHandoverAttempt,
  findDeliveredOrdersOfCourier,
  findOrdersOfCourier,
} from "../orders/orders-repository.ts";
import { setCourierPosition, setCourierShift } from "./courier-accounts-repository.ts";
import { findJobCustomers, findPickUpPlaces } from "./courier-jobs-repository.ts";
import { findUnseenNotices } from "./courier-notices-repository.ts";
import type { CourierRow } from "./courier-sessions-repository.ts";
import { proofPhoto } from "./delivery-proofs.ts";
import { keepDeliveryProof } from "./delivery-proofs-repository.ts";
import { type CourierDispatch, readyFacts } from "./dispatch.ts";
import { findOffersOfCourier } from "./dispatch-repository.ts";

/** What the courier's own moves need: the order outcome's, and dispatch to offer them what waits. */
export type CourierDeps = Omit<OrderOutcomeDeps, "dispatch"> & { dispatch: CourierDispatch };

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
 * The courier's offers (automatic dispatch's, still in time, newest first) and jobs (the delivery
 * orders given to them and not ended, oldest first), each with where to pick it up, where to take
 * it, whom to call and what cash to take. An offer shows the door only roughly (its street, the
 * point within about a hundred metres) and not the customer: those are the job's once taken.
 */
export async function listCourierJobs(
  deps: Pick<OrderOutcomeDeps, "db">,
  courier: CourierRow,
  now: Date,
): Promise<CourierJobs> {
  const [offered, rows] = await Promise.all([
    findOffersOfCourier(deps.db, { courierId: courier.id, now }),
    findOrdersOfCourier(deps.db, {
      partnerId: courier.partnerId,
      courierId: courier.id,
      statuses: COURIER_JOB_STATUSES,
    }),
  ]);
  const offers = await toJobs(
    deps.db,
    offered.map((row) => row.order),
    now,
  );
  return {
    offers: offers.map((job) => {
      const offer = offered.find((row) => row.order.id === job.orderId)?.offer;
      return roughly({ ...job, offerExpiresAt: offer?.expiresAt.toISOString() ?? null });
    }),
    active: await toJobs(deps.db, rows, now),
    notices: (await findUnseenNotices(deps.db, courier.id)).map((notice) => ({
      id: notice.id,
      orderId: notice.orderId,
      kind: notice.kind,
      at: notice.at.toISOString(),
    })),
    serverTime: now.toISOString(),
  };
}

/** One order as its courier's job, or null when it cannot be shown (no address). */
export async function courierJob(
  deps: Pick<OrderOutcomeDeps, "db">,
  order: OrderRow,
  now: Date,
): Promise<CourierJob | null> {
  return (await toJobs(deps.db, [order], now))[0] ?? null;
}

/** An offer's door: its street and a point rounded to about a hundred metres, no one's name or phone. */
function roughly(job: CourierJob): CourierJob {
  const round = (degrees: number) => Math.round(degrees * 1000) / 1000;
  return {
    ...job,
    dropOff: {
      ...job.dropOff,
      address: streetOf(job.dropOff.address),
      latitude: round(job.dropOff.latitude),
      longitude: round(job.dropOff.longitude),
      apartmentNumber: null,
      entrance: null,
      floor: null,
      intercom: null,
      comment: null,
    },
    customer: { name: null, phone: "" },
  };
}

/** "Brīvības iela 50, Rīga" → "Brīvības iela, Rīga": the street without the house. */
function streetOf(address: string): string {
  const [first = "", ...rest] = address.split(",");
  const street = first.replace(/\s+\d+[\p{L}\d/-]*$/u, "").trim();
  return [street, ...rest.map((part) => part.trim())].filter(Boolean).join(", ");
}

async function toJobs(db: OrderOutcomeDeps["db"], rows: OrderRow[], now: Date): Promise<CourierJob[]> {
  const vendorsOf = (row: OrderRow) => row.snapshot.vendorCarts.map((vendorCart) => vendorCart.vendorId);
  const [places, customers, ready] = await Promise.all([
    findPickUpPlaces(db, [...new Set(rows.flatMap(vendorsOf))]),
    findJobCustomers(db, [...new Set(rows.map((row) => row.userId))]),
    readyFacts(db, rows, now),
  ]);
  const pickUpAt = (vendorId: number) => {
    const place = places.find((known) => known.id === vendorId);
    return place
      ? {
          name: place.name,
          address: vendorAddress(place),
          latitude: place.latitude,
          longitude: place.longitude,
          phone: place.phone,
        }
      : [];
  };
  return rows.flatMap((row) => {
    // An order from several vendors is picked up at each of its kitchens, the first one first.
    const [place, ...alsoPickUp] = vendorsOf(row).flatMap(pickUpAt);
    const customer = customers.find((known) => known.id === row.userId);
    const address = row.snapshot.address;
    if (!place || !customer || !address) return [];
    const cooking = ["WAITING_APPROVAL", "APPROVED", "PREPARING"].includes(row.status);
    const readyAt = cooking ? ready.get(row.id)?.job.readyAt : undefined;
    return [
      {
        orderId: row.id,
        status: row.status,
        pickUp: place,
        alsoPickUp,
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
        pays: courierPay(row),
        readyAt: readyAt === undefined ? null : new Date(readyAt).toISOString(),
        proof: row.deliveryInstructions.contactless ? "PHOTO" : "CODE",
      },
    ];
  });
}

/** What the courier earns for an order: the delivery fee the customer paid (a free-delivery promo's share taken off). */
function courierPay(row: OrderRow): number {
  const { prices } = row.snapshot;
  const freeDelivery = prices.discounts
    .filter(takesOffDelivery)
    .reduce((sum, discount) => sum + discount.discountTotal, 0);
  return Math.max(0, prices.deliveryTotal - freeDelivery);
}

/** One of the courier's jobs (a delivered one too, for a retried step), or the 404 of an order that is not theirs. */
async function jobOf(deps: Pick<OrderOutcomeDeps, "db">, courier: CourierRow, orderId: number) {
  const [order] = await findOrdersOfCourier(deps.db, {
    partnerId: courier.partnerId,
    courierId: courier.id,
    statuses: [...COURIER_JOB_STATUSES, "COMPLETED"],
    orderId,
  });
  if (!order) throw orderNotFound(orderId);
  return order;
}

/** The statuses a courier's steps lead through, in order. */
const STEP_ORDER = ["ON_DELIVERY", "ARRIVED", "COMPLETED"] as const;

/** Whether the order is at the step's status or past it: the step was taken already (a retry). */
function alreadyTaken(status: OrderRow["status"], step: CourierStep): boolean {
  const at = STEP_ORDER.indexOf(status as (typeof STEP_ORDER)[number]);
  return at >= 0 && at >= STEP_ORDER.indexOf(COURIER_STEPS[step]);
}

/** How the courier proves a delivery: the customer's code, or a contactless order's photo at the door. */
export type DeliveryProof = { handoverCode: string } | { photo: string } | null;

/**
 * A step of the courier's job: picked up (the order is on its way), arrived, delivered. Delivered
 * takes the code the customer's order page shows (a wrong one is refused and counted, and after the
 * fifth the courier may try no more: 409 HANDOVER_LOCKED, the dispatcher is alerted and closes it),
 * or for a contactless order a photo of it at the door, kept with the order. A step already taken
 * answers as it did (the app sends its queue again after a signal drop). Answers the job after the
 * step, or null once it is delivered.
 */
export async function takeCourierStep(
  deps: OrderOutcomeDeps,
  input: {
    courier: CourierRow;
    orderId: number;
    step: CourierStep;
    proof: DeliveryProof;
    now: Date;
  },
): Promise<CourierJob | null> {
  const order = await jobOf(deps, input.courier, input.orderId);
  const answer = async (row: OrderRow) =>
    row.status === "COMPLETED" ? null : ((await toJobs(deps.db, [row], input.now))[0] ?? null);
  if (alreadyTaken(order.status, input.step)) return answer(order);
  const photo =
    input.step === "delivered" && order.status === "ARRIVED"
      ? await checkProof(deps, order, input.proof)
      : null;
  const change = {
    orderId: order.id,
    to: COURIER_STEPS[input.step],
    actor: "COURIER" as const,
    now: input.now,
    message: `An order in ${order.status} cannot be marked ${input.step}`,
  };
  const moved = photo
    ? await changeOrderStatusAfter(deps, change, async (tx) => {
        await keepDeliveryProof(tx, { orderId: order.id, photo, takenAt: input.now });
        return true;
      })
    : await changeOrderStatus(deps, change);
  return moved ? answer(moved.order) : null;
}

/**
 * The delivery's proof, checked: the customer's code (every order that has one), or for a
 * contactless order a photo instead, answered as the WebP to keep.
 */
async function checkProof(
  deps: Pick<OrderOutcomeDeps, "db" | "events">,
  order: OrderRow,
  proof: DeliveryProof,
): Promise<Buffer | null> {
  if (proof && "photo" in proof) {
    if (!order.deliveryInstructions.contactless)
      throw new AppError(400, "ValidationException", "This customer is at the door: ask for their code", {
        details: [
          { field: "handoverCode", message: "is required: the order is handed over, not left at the door" },
        ],
      });
    return proofPhoto(proof.photo);
  }
  await checkHandoverCode(deps, order, { handoverCode: proof?.handoverCode });
  return null;
}

async function checkHandoverCode(
  deps: Pick<OrderOutcomeDeps, "db" | "events">,
  order: OrderRow,
  input: { handoverCode?: string | undefined },
): Promise<void> {
  // An order that left the kitchen before codes were made has none to give.
  if (order.handoverCode === null) return;
  if (input.handoverCode === undefined)
    throw new AppError(400, "ValidationException", "Enter the customer's code", {
      details: [
        {
          field: order.deliveryInstructions.contactless ? "photo" : "handoverCode",
          message: order.deliveryInstructions.contactless
            ? "is required: a photo of the order at the door, or the customer's code"
            : "is required: the 4 digits the customer's order page shows",
        },
      ],
    });
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
    wrongCodes: attempts,
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
 * (the dispatcher gives it to another courier first). A courier who comes on shift is offered what
 * waits for one at once, without waiting for dispatch's timer.
 */
export async function setShift(
  deps: Pick<CourierDeps, "db" | "dispatch">,
  input: { courier: CourierRow; online: boolean; now: Date },
): Promise<CourierAccount> {
  const { courier, online } = input;
  if (online === isOnShift(courier)) return toCourierAccount(courier);
  if (!online) {
    const { active } = await listCourierJobs(deps, courier, input.now);
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
  const account = toCourierAccount(
    await setCourierShift(deps.db, courier.id, online ? { startedAt: input.now } : { endedAt: input.now }),
  );
  if (online) await deps.dispatch.round(courier.partnerId, input.now);
  return account;
}

/**
 * Where the courier is, while on shift (else 409): kept, and told the customers of the jobs on their
 * way (their tracking sockets, the arrival window). The shift's first position has what waits for a
 * courier offered at once, not at dispatch's next round.
 */
export async function reportPosition(
  deps: CourierDeps,
  input: { courier: CourierRow; location: { latitude: number; longitude: number }; now: Date },
): Promise<void> {
  const { courier, location, now } = input;
  if (!isOnShift(courier))
    throw new AppError(409, "CourierShiftException", "Go on shift to share your position", {
      errorCode: "OFF_SHIFT",
    });
  await setCourierPosition(deps.db, courier.id, { ...location, at: now });
  const located = courier.locatedAt && courier.shiftStartedAt && courier.locatedAt >= courier.shiftStartedAt;
  if (!located) await deps.dispatch.round(courier.partnerId, now);
  const onTheWay = await findOrdersOfCourier(deps.db, {
    partnerId: courier.partnerId,
    courierId: courier.id,
    statuses: ["ON_DELIVERY", "ARRIVED"],
  });
  for (const order of onTheWay) await locateCourier(deps, { order, location, now });
}

/**
 * The currency a courier's figures are counted in before a delivery says it: the partner's one
 * currency, else that of the city the courier was last seen in (null: neither is known), so an empty
 * shift reads "€0.00" and not a bare "0".
 */
async function courierCurrency(db: OrderOutcomeDeps["db"], courier: CourierRow): Promise<string | null> {
  const cities = await listLocalities(db, courier.partnerId);
  const currencies = new Set(cities.map((city) => city.currencyCode));
  if (currencies.size <= 1) return [...currencies][0] ?? null;
  const { latitude, longitude } = courier;
  if (latitude === null || longitude === null) return null;
  return chooseServingLocality(cities, { latitude, longitude })?.currencyCode ?? null;
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
    return [
      {
        paymentType: row.paymentType,
        total: prices.finalTotal,
        deliveryFee: courierPay(row),
        tip: prices.tipAmount,
        pickUp,
        dropOff,
      },
    ];
  });
  return {
    shiftStartedAt: from?.toISOString() ?? null,
    shiftEndedAt: isOnShift(courier) ? null : (courier.shiftEndedAt?.toISOString() ?? null),
    currencyCode: delivered[0]?.currencyCode ?? (await courierCurrency(deps.db, courier)),
    ...shiftReport(deliveries),
  };
}
