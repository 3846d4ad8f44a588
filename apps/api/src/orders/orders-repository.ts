import type { OrderStatusName } from "@storefront/domain";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import { sessionIsLive } from "../accounts/sessions-repository.ts";
import type { Database } from "../db/client.ts";
import { isAnyOf, preparedQuery } from "../db/prepared.ts";
import {
  carts,
  groupOrders,
  localities,
  orderRefunds,
  orderStatusChanges,
  orders,
  payments,
  promoCodes,
  promoCodeUses,
  sessions,
  users,
  vendors,
} from "../db/schema.ts";
import type { OpsKey } from "./ops-keys-repository.ts";

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type StatusChangeRow = typeof orderStatusChanges.$inferSelect;

/** Whose orders a customer reads: their own, of the partner they shop at. */
interface OrderOwner {
  partnerId: number;
  userId: number;
}

export async function findOrderById(db: Database, orderId: number): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return row ?? null;
}

type OrderIds = { orderIds: number[] };

/** Orders' status histories, oldest first. */
const statusHistories = preparedQuery<OrderIds, StatusChangeRow[]>("order_status_histories", (db) =>
  db
    .select()
    .from(orderStatusChanges)
    .where(isAnyOf(orderStatusChanges.orderId, "orderIds", "int"))
    .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id)),
);
/** Their vendors' places and cooking times. */
const vendorPlaces = preparedQuery<
  { vendorIds: number[] },
  Array<{
    id: number;
    name: string;
    street: string;
    houseNumber: string;
    city: string;
    latitude: number;
    longitude: number;
    cookingMinutesMin: number;
    cookingMinutesMax: number;
  }>
>("order_vendor_places", (db) =>
  db
    .select({
      id: vendors.id,
      name: vendors.name,
      street: vendors.street,
      houseNumber: vendors.houseNumber,
      city: vendors.city,
      latitude: vendors.latitude,
      longitude: vendors.longitude,
      cookingMinutesMin: vendors.cookingMinutesMin,
      cookingMinutesMax: vendors.cookingMinutesMax,
    })
    .from(vendors)
    .where(isAnyOf(vendors.id, "vendorIds", "int")),
);
/** Their localities' params. */
const localitySpeeds = preparedQuery<
  { localityIds: number[] },
  Array<{ id: number; params: (typeof localities.$inferSelect)["params"] }>
>("order_locality_params", (db) =>
  db
    .select({ id: localities.id, params: localities.params })
    .from(localities)
    .where(isAnyOf(localities.id, "localityIds", "int")),
);
/** Their refunds made here, oldest first. */
const madeRefunds = preparedQuery<OrderIds, Array<typeof orderRefunds.$inferSelect>>(
  "order_refunds_made",
  (db) =>
    db
      .select()
      .from(orderRefunds)
      .where(and(isAnyOf(orderRefunds.orderId, "orderIds", "int"), eq(orderRefunds.status, "SUCCEEDED")))
      .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
);
/** What the processor reports given back (a refund made at its dashboard counts too). */
const reportedRefunds = preparedQuery<OrderIds, Array<{ orderId: number; refunded: number }>>(
  "order_refunds_reported",
  (db) =>
    db
      .select({ orderId: payments.orderId, refunded: payments.refundedAmount })
      .from(payments)
      .where(and(isAnyOf(payments.orderId, "orderIds", "int"), gt(payments.refundedAmount, 0))),
);

/**
 * What describing orders needs besides their rows, in queries made at once for all of them: their
 * status histories (oldest first), their vendors' places and cooking times, their localities'
 * params, and what was given back. Read for every order a customer looks at, so prepared.
 */
export async function findOrderFacts(
  db: Database,
  ids: { orderIds: number[]; vendorIds: number[]; localityIds: number[] },
) {
  const { orderIds, vendorIds, localityIds } = ids;
  const [history, places, speeds, refunds, reported] = await Promise.all([
    statusHistories(db, { orderIds }),
    vendorIds.length === 0 ? [] : vendorPlaces(db, { vendorIds }),
    localitySpeeds(db, { localityIds }),
    madeRefunds(db, { orderIds }),
    reportedRefunds(db, { orderIds }),
  ]);
  return { history, places, speeds, refunds, reported };
}

/**
 * What an order's arrival window is worked out from: its vendor's place and cooking time, its
 * locality's params and, unless the courier is riding, when its status last changed.
 */
export async function findArrivalFacts(
  db: Database,
  input: { orderId: number; vendorId: number | undefined; localityId: number; riding: boolean },
) {
  const [[vendor], [locality], [last]] = await Promise.all([
    input.vendorId === undefined
      ? []
      : db
          .select({
            latitude: vendors.latitude,
            longitude: vendors.longitude,
            cookingMinutesMin: vendors.cookingMinutesMin,
            cookingMinutesMax: vendors.cookingMinutesMax,
          })
          .from(vendors)
          .where(eq(vendors.id, input.vendorId)),
    db.select({ params: localities.params }).from(localities).where(eq(localities.id, input.localityId)),
    input.riding
      ? []
      : db
          .select({ at: orderStatusChanges.at })
          .from(orderStatusChanges)
          .where(eq(orderStatusChanges.orderId, input.orderId))
          .orderBy(desc(orderStatusChanges.at), desc(orderStatusChanges.id))
          .limit(1),
  ]);
  return { vendor, locality, last };
}

/** Keeps the order's arrival window, and its first one (to compare with the arrival) once. */
export async function keepArrivalWindow(db: Database, orderId: number, eta: OrderRow["eta"]): Promise<void> {
  await db
    .update(orders)
    .set(eta ? { eta, firstEta: sql`coalesce(${orders.firstEta}, ${JSON.stringify(eta)}::jsonb)` } : { eta })
    .where(eq(orders.id, orderId));
}

/** Marks the order's authorised payment as given back; null when it had none authorised. */
export async function markOrderPaymentRefunded(db: Database, orderId: number): Promise<OrderRow | null> {
  const [refunded] = await db
    .update(orders)
    .set({ paymentStatus: "CANCELED" })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "AUTHORIZED")))
    .returning();
  return refunded ?? null;
}

/** The order is paid in cash on delivery instead of online (see `StatusChange.paysInCash`). */
export async function markOrderPaidInCash(tx: Database, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentType: "CASH", paymentMethod: "cash", paymentStatus: null, updatedAt: now })
    .where(eq(orders.id, orderId));
}

export async function findOrderOfCustomer(
  db: Database,
  owner: OrderOwner,
  orderId: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.id, orderId), eq(orders.userId, owner.userId), eq(orders.partnerId, owner.partnerId)),
    )
    .limit(1);
  return row ?? null;
}

/** The rule of a customer's own orders: theirs, of their partner, in these statuses (given as values or placeholders). */
function ownOrders(owner: { userId: number | SQLWrapper; partnerId: number | SQLWrapper }, inStatuses: SQL) {
  return and(eq(orders.userId, owner.userId), eq(orders.partnerId, owner.partnerId), inStatuses);
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

const ordersOfCustomerIn = preparedQuery<
  { userId: number; partnerId: number; statuses: OrderStatusName[] },
  OrderRow[]
>("orders_of_customer_in", (db) =>
  db
    .select()
    .from(orders)
    .where(
      ownOrders(
        { userId: sql.placeholder("userId"), partnerId: sql.placeholder("partnerId") },
        isAnyOf(orders.status, "statuses", "text", "order_status"),
      ),
    )
    .orderBy(...newestFirst),
);

/** The customer's orders in these statuses, newest first. */
export async function listOrdersOfCustomer(
  db: Database,
  owner: OrderOwner,
  statuses: readonly OrderStatusName[],
): Promise<OrderRow[]> {
  return ordersOfCustomerIn(db, { ...owner, statuses: [...statuses] });
}

/** A page of the customer's orders in these statuses, newest first, and how many there are in all. */
export async function pageOrdersOfCustomer(
  db: Database,
  owner: OrderOwner,
  statuses: readonly OrderStatusName[],
  paging: { page: number; size: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const inStatuses = inArray(orders.status, [...statuses]);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(ownOrders(owner, inStatuses))
      .orderBy(...newestFirst)
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size),
    db.select({ n: count() }).from(orders).where(ownOrders(owner, inStatuses)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The key's own orders: its partner's, and for a vendor key those with a vendor cart of its vendor. */
function ordersOfKey(key: OpsKey): SQL | undefined {
  if (key.role !== "VENDOR") return eq(orders.partnerId, key.partnerId);
  const vendorCart = JSON.stringify([{ vendorId: key.vendorId }]);
  return and(
    eq(orders.partnerId, key.partnerId),
    sql`${orders.snapshot} -> 'vendorCarts' @> ${vendorCart}::jsonb`,
  );
}

export async function findOrderOfKey(db: Database, key: OpsKey, orderId: number): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ordersOfKey(key)))
    .limit(1);
  return row ?? null;
}

/** A page of the key's orders, newest first, optionally of one status, and how many there are in all. */
export async function pageOrdersOfKey(
  db: Database,
  key: OpsKey,
  query: { status?: OrderStatusName | undefined; page: number; size: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(ordersOfKey(key), query.status ? eq(orders.status, query.status) : undefined);
  return pageOrders(db, where, query);
}

/**
 * A page of the orders that match `where` (a condition another repository builds), newest first,
 * and how many match in all: the console's order board.
 */
export async function pageOrders(
  db: Database,
  where: SQL | undefined,
  paging: { page: number; size: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const { page, size } = paging;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Names the courier of a delivery order in one of these statuses; null when it is not one. */
export async function setDeliveryCourier(
  db: Database,
  input: {
    orderId: number;
    courier: { id: number | null; name: string; phone: string };
    now: Date;
    whileIn: readonly OrderStatusName[];
  },
): Promise<OrderRow | null> {
  const { courier } = input;
  const [updated] = await db
    .update(orders)
    .set({
      courierId: courier.id,
      courierName: courier.name,
      courierPhone: courier.phone,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.receiptType, "DELIVERY"),
        inArray(orders.status, [...input.whileIn]),
      ),
    )
    .returning();
  return updated ?? null;
}

/** Keeps where the courier of an order in one of these statuses is; null when it is not in one. */
export async function setCourierLocation(
  db: Database,
  input: {
    orderId: number;
    location: { latitude: number; longitude: number };
    now: Date;
    whileIn: readonly OrderStatusName[];
  },
): Promise<OrderRow | null> {
  const { location } = input;
  const [updated] = await db
    .update(orders)
    .set({ courierLatitude: location.latitude, courierLongitude: location.longitude, updatedAt: input.now })
    .where(and(eq(orders.id, input.orderId), inArray(orders.status, [...input.whileIn])))
    .returning();
  return updated ?? null;
}

/** Gives the order the code its customer tells the courier at the door (it leaves the kitchen). */
export async function setHandoverCode(tx: Database, orderId: number, code: string): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({ handoverCode: code, handoverAttempts: 0 })
    .where(eq(orders.id, orderId))
    .returning();
  return updated as OrderRow;
}

/** Counts a wrong hand-over code given for the order; answers how many there have been. */
export async function countHandoverAttempt(db: Database, orderId: number): Promise<number> {
  const [row] = await db
    .update(orders)
    .set({ handoverAttempts: sql`${orders.handoverAttempts} + 1` })
    .where(eq(orders.id, orderId))
    .returning({ attempts: orders.handoverAttempts });
  return row?.attempts ?? 0;
}

/** The partner's delivery orders given to a courier and in one of the statuses, oldest first. */
export async function findOrdersOfCourier(
  db: Database,
  input: { partnerId: number; courierId: number; statuses: readonly OrderStatusName[]; orderId?: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.partnerId, input.partnerId),
        eq(orders.courierId, input.courierId),
        eq(orders.receiptType, "DELIVERY"),
        inArray(orders.status, [...input.statuses]),
        input.orderId === undefined ? undefined : eq(orders.id, input.orderId),
      ),
    )
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The partner's orders a courier delivered (COMPLETED) between two moments, oldest first. */
export async function findDeliveredOrdersOfCourier(
  db: Database,
  input: { partnerId: number; courierId: number; from: Date; to: Date },
): Promise<OrderRow[]> {
  const rows = await db
    .select({ order: orders })
    .from(orders)
    .innerJoin(
      orderStatusChanges,
      and(eq(orderStatusChanges.orderId, orders.id), eq(orderStatusChanges.status, "COMPLETED")),
    )
    .where(
      and(
        eq(orders.partnerId, input.partnerId),
        eq(orders.courierId, input.courierId),
        eq(orders.status, "COMPLETED"),
        gte(orderStatusChanges.at, input.from),
        lte(orderStatusChanges.at, input.to),
      ),
    )
    .orderBy(asc(orderStatusChanges.at));
  return rows.map((row) => row.order);
}

/** Locks the order's row for the rest of the transaction and reads it; null when there is none. */
export async function lockOrder(tx: Database, orderId: number): Promise<OrderRow | null> {
  await tx.execute(sql`select id from orders where id = ${orderId} for update`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  return order ?? null;
}

/** Moves the order to a status and records the change with its time, actor and staff member. */
export async function recordOrderStatus(
  tx: Database,
  input: {
    orderId: number;
    to: OrderStatusName;
    actor: string;
    now: Date;
    staff?: { id: number; note?: string | undefined; preparationMinutes?: number | undefined } | undefined;
  },
): Promise<OrderRow> {
  const [updated] = await tx
    .update(orders)
    .set({
      status: input.to,
      updatedAt: input.now,
      ...(input.staff?.preparationMinutes ? { preparationMinutes: input.staff.preparationMinutes } : {}),
    })
    .where(eq(orders.id, input.orderId))
    .returning();
  await tx.insert(orderStatusChanges).values({
    orderId: input.orderId,
    status: input.to,
    actor: input.actor,
    at: input.now,
    staffId: input.staff?.id ?? null,
    note: input.staff?.note ?? null,
  });
  return updated as OrderRow;
}

/**
 * The push tokens of the customer's devices whose session is still live at `now` and was used
 * after `idleSince` (a device signed out by time hears nothing more).
 */
export async function findLiveDeviceTokens(
  db: Database,
  input: { userId: number; now: Date; idleSince: Date },
): Promise<Array<{ token: string; projectId: string | null; lang: string | null }>> {
  const devices = await db
    .select({ token: sessions.fcmToken, projectId: sessions.fcmProjectId, lang: users.lang })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, input.userId),
        isNotNull(sessions.fcmToken),
        sessionIsLive(input.now, input.idleSince),
      ),
    );
  return devices.map((device) => ({
    token: device.token as string,
    projectId: device.projectId,
    lang: device.lang,
  }));
}

/** A cart as stored, whatever its owner (a reorder reads the cart it has just made). */
export async function findCartRow(db: Database, cartId: string) {
  const [cart] = await db.select().from(carts).where(eq(carts.id, cartId)).limit(1);
  return cart ?? null;
}

/** The customer's order made by the request of this Idempotency-Key, or null. */
export async function findOrderByIdempotencyKey(
  db: Database,
  userId: number,
  idempotencyKey: string,
): Promise<OrderRow | null> {
  const [byKey] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)))
    .limit(1);
  return byKey ?? null;
}

/** The order made of this cart, whoever's it is, or null. */
export async function findOrderByCart(db: Database, cartId: string): Promise<OrderRow | null> {
  const [byCart] = await db.select().from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return byCart ?? null;
}

/** Locks the cart's row for the rest of the transaction and reads it: checkouts of one cart queue. */
export async function lockCart(tx: Database, cartId: string) {
  await tx.execute(sql`select id from carts where id = ${cartId} for update`);
  return findCartRow(tx, cartId);
}

/** The group order a cart belongs to, or null. */
export async function findGroupOfCart(tx: Database, cartId: string) {
  const [group] = await tx
    .select({ id: groupOrders.id, status: groupOrders.status })
    .from(groupOrders)
    .where(eq(groupOrders.cartId, cartId))
    .limit(1);
  return group ?? null;
}

/** Locks the promo code's row for the rest of the transaction: checkouts with one code queue. */
export async function lockPromoCode(tx: Database, promoCodeId: number): Promise<void> {
  await tx.execute(sql`select id from promo_codes where id = ${promoCodeId} for update`);
}

export async function insertOrder(tx: Database, values: NewOrderRow): Promise<OrderRow> {
  const [order] = await tx.insert(orders).values(values).returning();
  return order as OrderRow;
}

export async function insertStatusChanges(
  tx: Database,
  changes: Array<typeof orderStatusChanges.$inferInsert>,
): Promise<void> {
  await tx.insert(orderStatusChanges).values(changes);
}

/** Records the customer's use of a promo code by an order, and counts it. */
export async function recordPromoCodeUse(
  tx: Database,
  use: { promoCodeId: number; userId: number; orderId: number },
): Promise<void> {
  await tx.insert(promoCodeUses).values(use);
  await tx
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, use.promoCodeId));
}

export async function markCartOrdered(tx: Database, cartId: string, now: Date): Promise<void> {
  await tx.update(carts).set({ status: "ORDERED", updatedAt: now }).where(eq(carts.id, cartId));
}
