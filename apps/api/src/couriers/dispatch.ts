import {
  awaitsCourier,
  chooseCourier,
  DEFAULT_OFFER_SECONDS,
  type DispatchCourier,
  type DispatchJob,
  type DispatchOrder,
  foodReadyAt,
  offerDue,
  POSITION_FRESH_MINUTES,
  streetPathKm,
} from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { courierKmhOf } from "../orders/arrival.ts";
import { announceCourier, setCourier } from "../orders/ops.ts";
import type { OrderEvents } from "../orders/order-events.ts";
import { orderNotFound } from "../orders/order-history.ts";
import type { OrderRow } from "../orders/orders.ts";
import { lockOrder } from "../orders/orders-repository.ts";
import { findPartnerById } from "../plugins/partner-repository.ts";
import type { CourierRow } from "./courier-sessions-repository.ts";
import {
  answerOffer,
  countShiftDeliveries,
  expireOffers,
  findCouriersOnShift,
  findJobsOfCouriers,
  findKitchens,
  findLastOffer,
  findLocalityParams,
  findOpenOffers,
  findOrdersAwaitingCourier,
  findPartnersWithCouriersOnShift,
  findRefusals,
  findStatusTimes,
  insertOffer,
  lockPartnerDispatch,
  withdrawOffers,
} from "./dispatch-repository.ts";

const MINUTE = 60_000;

export interface DispatchDeps {
  db: Database;
  events: OrderEvents;
}

/**
 * Automatic dispatch, the one place couriers are offered orders: each round offers every order
 * awaiting a courier to the best courier on shift (the domain's chooseCourier), once that courier
 * would no longer stand idle at the counter (offerDue), one open offer per courier and per order.
 * Rounds run when the kitchen accepts or moves an order, when a courier goes on shift or declines,
 * and on the deployment leader's timer, which also lets offers run out after the partner's seconds.
 */
export interface CourierDispatch {
  /** An order moved: offered when it awaits a courier, its open offers withdrawn otherwise. */
  orderMoved(order: OrderRow, now: Date): Promise<void>;
  /** Offers run out, then a round for every partner with a courier on shift (the leader's timer). */
  tick(now: Date): Promise<void>;
  /** One round for a partner. */
  round(partnerId: number, now: Date): Promise<void>;
}

export function courierDispatch(deps: DispatchDeps): CourierDispatch {
  const dispatch: CourierDispatch = {
    async orderMoved(order, now) {
      const awaits = awaitsCourier({
        receiptType: order.receiptType,
        status: order.status,
        courier: order.courierId ?? order.courierName,
      });
      if (awaits) await dispatch.round(order.partnerId, now);
      else await tellCouriers(deps.events, await withdrawOffers(deps.db, { orderId: order.id, now }));
    },
    async tick(now) {
      const expired = await expireOffers(deps.db, now);
      const partners = new Set([...expired, ...(await findPartnersWithCouriersOnShift(deps.db))]);
      for (const partnerId of partners) await dispatch.round(partnerId, now);
    },
    async round(partnerId, now) {
      const offered = await deps.db.transaction(async (tx) => {
        await lockPartnerDispatch(tx, partnerId);
        return offerOrders(tx, partnerId, now);
      });
      // Once the offers hold, the couriers' apps show them.
      await tellCouriers(deps.events, offered);
    },
  };
  return dispatch;
}

/** Tells each courier's open apps that their offers or jobs changed. */
async function tellCouriers(events: OrderEvents, told: Array<{ courierId: number }>): Promise<void> {
  for (const courierId of new Set(told.map((one) => one.courierId)))
    await events.publishCourier({ courierId });
}

/** A round's work, under the partner's dispatch lock: answers the offers it made. */
async function offerOrders(
  db: Database,
  partnerId: number,
  now: Date,
): Promise<Array<{ courierId: number }>> {
  const made: Array<{ courierId: number }> = [];
  const waiting = await findOrdersAwaitingCourier(db, partnerId);
  if (waiting.length === 0) return made;
  const open = await findOpenOffers(db, partnerId);
  const orders = waiting.filter((order) => !open.some((offer) => offer.orderId === order.id));
  const offered = new Set(open.map((offer) => offer.courierId));
  const onShift = (
    await findCouriersOnShift(db, {
      partnerId,
      freshSince: new Date(now.getTime() - POSITION_FRESH_MINUTES * MINUTE),
    })
  ).filter((courier) => !offered.has(courier.id));
  if (orders.length === 0 || onShift.length === 0) return made;

  const jobs = await findJobsOfCouriers(
    db,
    onShift.map((courier) => courier.id),
  );
  const facts = await readyFacts(db, [...orders, ...jobs], now);
  const deliveries = await countShiftDeliveries(
    db,
    onShift.map((courier) => ({ courierId: courier.id, since: courier.shiftStartedAt ?? now })),
  );
  const refusals = await findRefusals(
    db,
    orders.map((order) => order.id),
  );
  const partner = await findPartnerById(db, partnerId);
  const offerSeconds = partner?.settings.offerSeconds ?? DEFAULT_OFFER_SECONDS;

  let candidates: DispatchCourier[] = onShift.map((courier) => ({
    id: courier.id,
    position: { latitude: courier.latitude ?? 0, longitude: courier.longitude ?? 0 },
    jobs: jobs.flatMap((job) => {
      const known = job.courierId === courier.id ? facts.get(job.id) : undefined;
      return known ? [{ ...known.job, pickedUp: ["ON_DELIVERY", "ARRIVED"].includes(job.status) }] : [];
    }),
    deliveries: deliveries.get(courier.id) ?? 0,
  }));
  for (const order of orders) {
    const known = facts.get(order.id);
    if (!known) continue;
    const wanted: DispatchOrder = { ...known.job, id: order.id };
    const choice = chooseCourier(wanted, candidates, {
      now: now.getTime(),
      kmh: known.kmh,
      declined: refusals.get(order.id) ?? new Set(),
    });
    if (!choice || !offerDue(choice, wanted, offerSeconds)) continue;
    const inserted = await insertOffer(db, {
      partnerId,
      orderId: order.id,
      courierId: choice.courierId,
      offeredAt: now,
      expiresAt: new Date(now.getTime() + offerSeconds * 1000),
    });
    if (!inserted) continue;
    made.push({ courierId: choice.courierId });
    // One offer at a time: the courier is out of this round.
    candidates = candidates.filter((courier) => courier.id !== choice.courierId);
  }
  return made;
}

/** Where each order is picked up and dropped off, when its food is ready, and its city's courier speed. */
export async function readyFacts(
  db: Database,
  rows: OrderRow[],
  now: Date,
): Promise<Map<number, { job: Omit<DispatchJob, "pickedUp">; kmh: number }>> {
  const vendorOf = (row: OrderRow) => row.snapshot.vendorCarts[0]?.vendorId ?? 0;
  const [kitchens, statusTimes, localities] = await Promise.all([
    findKitchens(db, [...new Set(rows.map(vendorOf))]),
    findStatusTimes(
      db,
      rows.map((row) => row.id),
    ),
    findLocalityParams(db, [...new Set(rows.map((row) => row.localityId))]),
  ]);
  const facts = new Map<number, { job: Omit<DispatchJob, "pickedUp">; kmh: number }>();
  for (const row of rows) {
    const kitchen = kitchens.find((known) => known.id === vendorOf(row));
    const dropOff = row.snapshot.address;
    if (!kitchen || !dropOff) continue;
    const cooking: [number, number] =
      row.preparationMinutes === null
        ? [kitchen.cookingMinutesMin, kitchen.cookingMinutesMax]
        : [row.preparationMinutes, row.preparationMinutes];
    const locality = localities.find((known) => known.id === row.localityId);
    const kmh = courierKmhOf(locality?.params ?? {});
    const readyAt = foodReadyAt({
      now: now.getTime(),
      status: row.status,
      statusAt: (statusTimes.get(row.id) ?? row.createdAt).getTime(),
      cookingMinutes: cooking,
      preorderAt: row.snapshot.preorderAt ? Date.parse(row.snapshot.preorderAt) : null,
      rideKm: streetPathKm(kitchen, dropOff),
      kmh,
    });
    facts.set(row.id, {
      job: {
        orderId: row.id,
        kitchen: { latitude: kitchen.latitude, longitude: kitchen.longitude },
        dropOff: { latitude: dropOff.latitude, longitude: dropOff.longitude },
        readyAt,
      },
      kmh,
    });
  }
  return facts;
}

/**
 * The courier takes the order offered to them: it becomes their job and the customer hears who
 * brings it (COURIER_FOUND). An offer already taken answers the job again (a retried tap); one run
 * out is 409 OFFER_EXPIRED; no offer of that order to this courier is a 404.
 */
export async function acceptOffer(
  deps: DispatchDeps,
  input: { courier: CourierRow; orderId: number; now: Date },
): Promise<OrderRow> {
  const { courier, orderId, now } = input;
  const taken = await deps.db.transaction(async (tx) => {
    const answered = await answerOffer(tx, { courierId: courier.id, orderId, answer: "ACCEPTED", now });
    if (!answered) {
      const last = await findLastOffer(tx, { courierId: courier.id, orderId });
      const order = last ? await lockOrder(tx, orderId) : null;
      if (last?.answer === "ACCEPTED" && order?.courierId === courier.id) return { order, fresh: false };
      if (last && (last.answer === null || last.answer === "EXPIRED"))
        throw new AppError(409, "CourierOfferException", "This offer has run out", {
          errorCode: "OFFER_EXPIRED",
        });
      throw orderNotFound(orderId);
    }
    const order = await lockOrder(tx, orderId);
    if (!order || order.courierId !== null || order.courierName !== null)
      throw new AppError(409, "CourierOfferException", "This order has been given to another courier", {
        errorCode: "OFFER_WITHDRAWN",
      });
    const given = await setCourier(tx, {
      order,
      courier: { id: courier.id, name: courier.name, phone: courier.phone },
      now,
    });
    return { order: given, fresh: true };
  });
  if (taken.fresh) await announceCourier(deps.events, taken.order);
  return taken.order;
}

/** The courier lets the offer go: not offered that order again; the next courier is offered it at once. */
export async function declineOffer(
  deps: DispatchDeps & { dispatch: CourierDispatch },
  input: { courier: CourierRow; orderId: number; now: Date },
): Promise<void> {
  const { courier, orderId, now } = input;
  const answered = await answerOffer(deps.db, { courierId: courier.id, orderId, answer: "DECLINED", now });
  if (!answered) {
    const last = await findLastOffer(deps.db, { courierId: courier.id, orderId });
    // Declining twice, or an offer that ran out meanwhile: already let go.
    if (last && last.answer !== "ACCEPTED") return;
    throw orderNotFound(orderId);
  }
  await deps.dispatch.round(courier.partnerId, now);
}
