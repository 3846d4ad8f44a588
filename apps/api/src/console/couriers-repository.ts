import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { couriers, orderStatusChanges, orders } from "../db/schema.ts";

export type CourierRow = typeof couriers.$inferSelect;

/** The partner's couriers, active ones first, by name. */
export async function listCouriers(db: Database, partnerId: number): Promise<CourierRow[]> {
  return db
    .select()
    .from(couriers)
    .where(eq(couriers.partnerId, partnerId))
    .orderBy(desc(couriers.active), asc(couriers.name));
}

/** One active courier of the partner; another partner's is as unknown as none. */
export async function findActiveCourier(
  db: Database,
  partnerId: number,
  courierId: number,
): Promise<CourierRow | null> {
  const [row] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.id, courierId), eq(couriers.partnerId, partnerId), eq(couriers.active, true)))
    .limit(1);
  return row ?? null;
}

export async function addCouriers(
  db: Database,
  partnerId: number,
  list: ReadonlyArray<{ name: string; phone: string }>,
  options: { simulated?: boolean } = {},
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(couriers)
    .values(list.map((courier) => ({ partnerId, ...courier, simulated: options.simulated ?? false })));
}

/** The id of the partner's courier with this phone number, or null. */
export async function findCourierIdOfPhone(
  db: Database,
  partnerId: number,
  phone: string,
): Promise<number | null> {
  const [holder] = await db
    .select({ id: couriers.id })
    .from(couriers)
    .where(and(eq(couriers.partnerId, partnerId), eq(couriers.phone, phone)))
    .limit(1);
  return holder?.id ?? null;
}

/** The partner's courier, locked for the rest of the transaction; another partner's is as none. */
export async function lockCourier(
  db: Database,
  partnerId: number,
  courierId: number,
): Promise<CourierRow | null> {
  const [row] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.id, courierId), eq(couriers.partnerId, partnerId)))
    .limit(1)
    .for("update");
  return row ?? null;
}

export async function insertCourier(
  db: Database,
  values: { partnerId: number; name: string; phone: string },
): Promise<CourierRow> {
  const [row] = await db.insert(couriers).values(values).returning();
  return row as CourierRow;
}

export async function updateCourier(
  db: Database,
  courierId: number,
  change: Partial<Pick<CourierRow, "name" | "phone" | "active" | "cashHandedInAt">>,
): Promise<CourierRow> {
  const [row] = await db.update(couriers).set(change).where(eq(couriers.id, courierId)).returning();
  return row as CourierRow;
}

/**
 * The cash each of the partner's couriers took at the doors since they last handed it in (cash
 * orders they delivered), by currency, in minor units.
 */
export async function sumCashToHandIn(
  db: Database,
  partnerId: number,
  courierId?: number,
): Promise<Array<{ courierId: number; currencyCode: string; minor: number }>> {
  const rows = await db
    .select({
      courierId: couriers.id,
      currencyCode: orders.currencyCode,
      minor: sql<string>`sum(${orders.finalTotal})`,
    })
    .from(orders)
    .innerJoin(couriers, eq(couriers.id, orders.courierId))
    .innerJoin(
      orderStatusChanges,
      and(eq(orderStatusChanges.orderId, orders.id), eq(orderStatusChanges.status, "COMPLETED")),
    )
    .where(
      and(
        eq(orders.partnerId, partnerId),
        eq(orders.status, "COMPLETED"),
        eq(orders.paymentType, "CASH"),
        courierId === undefined ? undefined : eq(couriers.id, courierId),
        or(isNull(couriers.cashHandedInAt), gt(orderStatusChanges.at, couriers.cashHandedInAt)),
      ),
    )
    .groupBy(couriers.id, orders.currencyCode)
    .orderBy(orders.currencyCode);
  return rows.map((row) => ({ ...row, minor: Number(row.minor) }));
}
