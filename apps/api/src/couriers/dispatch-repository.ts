import { AWAITING_COURIER_STATUSES, COURIER_JOB_STATUSES } from "@storefront/domain";
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { courierOffers, couriers, localities, orderStatusChanges, orders, vendors } from "../db/schema.ts";

/** A partner's delivery orders the kitchen accepted that no courier has, oldest first. */
export async function findOrdersAwaitingCourier(db: Database, partnerId: number) {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, partnerId),
        eq(orders.receiptType, "DELIVERY"),
        inArray(orders.status, [...AWAITING_COURIER_STATUSES]),
        isNull(orders.courierId),
        isNull(orders.courierName),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The partner's (or every partner's) active couriers on shift whose app said where they are since `freshSince`. */
export async function findCouriersOnShift(db: Database, input: { partnerId?: number; freshSince: Date }) {
  return db
    .select()
    .from(couriers)
    .where(
      and(
        input.partnerId === undefined ? undefined : eq(couriers.partnerId, input.partnerId),
        eq(couriers.active, true),
        isNotNull(couriers.shiftStartedAt),
        isNull(couriers.shiftEndedAt),
        isNotNull(couriers.latitude),
        gte(couriers.locatedAt, input.freshSince),
      ),
    );
}

/** The jobs in the couriers' hands: their orders from the kitchen's yes to the door. */
export async function findJobsOfCouriers(db: Database, courierIds: number[]) {
  if (courierIds.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.courierId, courierIds), inArray(orders.status, [...COURIER_JOB_STATUSES])));
}

/** How many deliveries each courier finished since their shift began. */
export async function countShiftDeliveries(
  db: Database,
  shifts: { courierId: number; since: Date }[],
): Promise<Map<number, number>> {
  if (shifts.length === 0) return new Map();
  const rows = await db
    .select({ courierId: orders.courierId, delivered: count() })
    .from(orders)
    .innerJoin(
      orderStatusChanges,
      and(eq(orderStatusChanges.orderId, orders.id), eq(orderStatusChanges.status, "COMPLETED")),
    )
    .where(
      or(
        ...shifts.map((shift) =>
          and(eq(orders.courierId, shift.courierId), gte(orderStatusChanges.at, shift.since)),
        ),
      ),
    )
    .groupBy(orders.courierId);
  return new Map(rows.map((row) => [row.courierId ?? 0, row.delivered]));
}

/** Where each kitchen is and how long it cooks. */
export async function findKitchens(db: Database, vendorIds: number[]) {
  if (vendorIds.length === 0) return [];
  return db
    .select({
      id: vendors.id,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
      cookingMinutesMin: vendors.cookingMinutesMin,
      cookingMinutesMax: vendors.cookingMinutesMax,
    })
    .from(vendors)
    .where(inArray(vendors.id, vendorIds));
}

/** When each order took its present status. */
export async function findStatusTimes(db: Database, orderIds: number[]): Promise<Map<number, Date>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: orderStatusChanges.orderId,
      at: sql<Date>`max(${orderStatusChanges.at})`.mapWith(orderStatusChanges.at),
    })
    .from(orderStatusChanges)
    .where(inArray(orderStatusChanges.orderId, orderIds))
    .groupBy(orderStatusChanges.orderId);
  return new Map(rows.map((row) => [row.orderId, row.at]));
}

/** Each locality's settings (its courier speed). */
export async function findLocalityParams(db: Database, localityIds: number[]) {
  if (localityIds.length === 0) return [];
  return db
    .select({ id: localities.id, params: localities.params })
    .from(localities)
    .where(inArray(localities.id, localityIds));
}

/** The partner's offers not yet answered. */
export async function findOpenOffers(db: Database, partnerId: number) {
  return db
    .select()
    .from(courierOffers)
    .where(and(eq(courierOffers.partnerId, partnerId), isNull(courierOffers.answer)));
}

/** Who let each order go already (declined it, or let the offer run out): not offered it again. */
export async function findRefusals(db: Database, orderIds: number[]): Promise<Map<number, Set<number>>> {
  const refusals = new Map<number, Set<number>>();
  if (orderIds.length === 0) return refusals;
  const rows = await db
    .select({ orderId: courierOffers.orderId, courierId: courierOffers.courierId })
    .from(courierOffers)
    .where(
      and(inArray(courierOffers.orderId, orderIds), inArray(courierOffers.answer, ["DECLINED", "EXPIRED"])),
    );
  for (const row of rows) {
    const known = refusals.get(row.orderId) ?? new Set<number>();
    known.add(row.courierId);
    refusals.set(row.orderId, known);
  }
  return refusals;
}

/** An offer made: false when the order has an open one already (another process was first). */
export async function insertOffer(
  db: Database,
  offer: { partnerId: number; orderId: number; courierId: number; offeredAt: Date; expiresAt: Date },
): Promise<boolean> {
  const made = await db
    .insert(courierOffers)
    .values(offer)
    .onConflictDoNothing()
    .returning({ id: courierOffers.id });
  return made.length > 0;
}

/** Offers past their time, marked EXPIRED; answers their partners. */
export async function expireOffers(db: Database, now: Date): Promise<number[]> {
  const expired = await db
    .update(courierOffers)
    .set({ answer: "EXPIRED", answeredAt: now })
    .where(and(isNull(courierOffers.answer), lte(courierOffers.expiresAt, now)))
    .returning({ partnerId: courierOffers.partnerId });
  return [...new Set(expired.map((offer) => offer.partnerId))];
}

/** The courier's open offers still in time, newest first. */
export async function findOffersOfCourier(db: Database, input: { courierId: number; now: Date }) {
  return db
    .select({ offer: courierOffers, order: orders })
    .from(courierOffers)
    .innerJoin(orders, eq(orders.id, courierOffers.orderId))
    .where(
      and(
        eq(courierOffers.courierId, input.courierId),
        isNull(courierOffers.answer),
        gt(courierOffers.expiresAt, input.now),
      ),
    )
    .orderBy(desc(courierOffers.offeredAt));
}

/**
 * Answers the courier's open offer of the order, if it is still open and in time (accepting) or
 * open at all (declining): the offer as it was, or null.
 */
export async function answerOffer(
  db: Database,
  input: { courierId: number; orderId: number; answer: "ACCEPTED" | "DECLINED"; now: Date },
) {
  const [answered] = await db
    .update(courierOffers)
    .set({ answer: input.answer, answeredAt: input.now })
    .where(
      and(
        eq(courierOffers.courierId, input.courierId),
        eq(courierOffers.orderId, input.orderId),
        isNull(courierOffers.answer),
        input.answer === "ACCEPTED" ? gt(courierOffers.expiresAt, input.now) : undefined,
      ),
    )
    .returning();
  return answered ?? null;
}

/** Every open offer of an order that no longer needs one (given by hand, or ended), withdrawn. */
export async function withdrawOffers(db: Database, input: { orderId: number; now: Date }) {
  return db
    .update(courierOffers)
    .set({ answer: "WITHDRAWN", answeredAt: input.now })
    .where(and(eq(courierOffers.orderId, input.orderId), isNull(courierOffers.answer)))
    .returning({ courierId: courierOffers.courierId });
}

/** The latest offer of the order to the courier, whatever its answer. */
export async function findLastOffer(db: Database, input: { courierId: number; orderId: number }) {
  const [offer] = await db
    .select()
    .from(courierOffers)
    .where(and(eq(courierOffers.courierId, input.courierId), eq(courierOffers.orderId, input.orderId)))
    .orderBy(desc(courierOffers.offeredAt))
    .limit(1);
  return offer ?? null;
}

/** Partners with a courier on shift: the ones a dispatch round looks at. */
export async function findPartnersWithCouriersOnShift(db: Database): Promise<number[]> {
  const rows = await db
    .selectDistinct({ partnerId: couriers.partnerId })
    .from(couriers)
    .where(and(eq(couriers.active, true), isNotNull(couriers.shiftStartedAt), isNull(couriers.shiftEndedAt)));
  return rows.map((row) => row.partnerId);
}

/** One dispatch round at a time per partner, across every process sharing the database. */
export async function lockPartnerDispatch(tx: Database, partnerId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('courier-dispatch'), ${partnerId})`);
}
