import type { OrderStatusName } from "@storefront/domain";
import { and, asc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, orderStatusChanges, orders, staffMembers, users } from "../db/schema.ts";
import { type OrderRow, pageOrders } from "../orders/orders-repository.ts";

/** Whose orders a console member sees: the partner's, and of them only these vendors' when named. */
export interface ConsoleOrderScope {
  partnerId: number;
  vendorIds: number[] | null;
}

function hasVendorIn(vendorIds: readonly number[]): SQL {
  if (vendorIds.length === 0) return sql`false`;
  return or(
    ...vendorIds.map(
      (vendorId) => sql`${orders.snapshot} -> 'vendorCarts' @> ${JSON.stringify([{ vendorId }])}::jsonb`,
    ),
  ) as SQL;
}

/** The scope's own orders: its partner's, and for vendor staff those with a vendor cart of theirs. */
function ordersOf(scope: ConsoleOrderScope): SQL | undefined {
  return and(
    eq(orders.partnerId, scope.partnerId),
    scope.vendorIds === null ? undefined : hasVendorIn(scope.vendorIds),
  );
}

/** Orders placed on a date of their locality's calendar (a Riga order at 00:30 is the new day's). */
function placedOn(date: string): SQL {
  return sql`(${orders.createdAt} at time zone (select ${localities.timeZone} from ${localities} where ${localities.id} = ${orders.localityId}))::date = ${date}::date`;
}

/** The scope's order, or null (another partner's or vendor's is as none). */
export async function findOrderOfScope(
  db: Database,
  scope: ConsoleOrderScope,
  orderId: number,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ordersOf(scope)))
    .limit(1);
  return row ?? null;
}

/**
 * A page of the scope's orders, newest first, and how many there are in all: optionally those with
 * a cart of one vendor, placed on one date of their locality, and of one status, some, or all but one.
 */
export async function pageScopeOrders(
  db: Database,
  scope: ConsoleOrderScope,
  filter: {
    vendorId?: number | undefined;
    status: { is: OrderStatusName } | { in: readonly OrderStatusName[] } | { not: OrderStatusName };
    date?: string | undefined;
  },
  paging: { page: number; size: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const { status } = filter;
  const where = and(
    ordersOf(scope),
    filter.vendorId === undefined ? undefined : hasVendorIn([filter.vendorId]),
    "is" in status
      ? eq(orders.status, status.is)
      : "in" in status
        ? inArray(orders.status, [...status.in])
        : ne(orders.status, status.not),
    filter.date === undefined ? undefined : placedOn(filter.date),
  );
  return pageOrders(db, where, paging);
}

/** The customers of these ids: their names and phones. */
export async function listCustomerContacts(db: Database, userIds: number[]) {
  return db
    .select({ id: users.id, name: users.name, phone: users.phone })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** Every move of these orders, oldest first, with the name of the staff member who made it. */
export async function listOrderMoves(db: Database, orderIds: number[]) {
  return db
    .select({
      orderId: orderStatusChanges.orderId,
      status: orderStatusChanges.status,
      at: orderStatusChanges.at,
      actor: orderStatusChanges.actor,
      note: orderStatusChanges.note,
      staffName: staffMembers.name,
    })
    .from(orderStatusChanges)
    .leftJoin(staffMembers, eq(staffMembers.id, orderStatusChanges.staffId))
    .where(inArray(orderStatusChanges.orderId, orderIds))
    .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id));
}
