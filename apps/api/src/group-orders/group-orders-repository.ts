import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  cartItems,
  carts,
  groupMembers,
  groupOrders,
  orders,
  partners,
  vendorCarts,
  vendors,
} from "../db/schema.ts";

export type GroupRow = typeof groupOrders.$inferSelect;
export type MemberRow = typeof groupMembers.$inferSelect;

/** The link of the host's group order of this vendor whose cart is still active, or null. */
export async function findOpenGroupToken(
  db: Database,
  input: { partnerId: number; vendorId: number; userId: number },
): Promise<string | null> {
  const [open] = await db
    .select({ token: groupOrders.token })
    .from(groupOrders)
    .innerJoin(carts, eq(carts.id, groupOrders.cartId))
    .where(
      and(
        eq(groupOrders.partnerId, input.partnerId),
        eq(groupOrders.vendorId, input.vendorId),
        eq(carts.userId, input.userId),
        eq(carts.status, "ACTIVE"),
      ),
    )
    .limit(1);
  return open?.token ?? null;
}

/** Stores a new group order of a cart with its host, in one transaction. */
export async function insertGroupWithHost(
  db: Database,
  input: {
    partnerId: number;
    cartId: string;
    vendorId: number;
    token: string;
    host: { name: string; userId: number };
    now: Date;
  },
): Promise<void> {
  const { partnerId, cartId, vendorId, token, host, now } = input;
  await db.transaction(async (tx) => {
    const [group] = await tx
      .insert(groupOrders)
      .values({ partnerId, cartId, vendorId, token, createdAt: now, updatedAt: now })
      .returning();
    await tx.insert(groupMembers).values({
      groupId: (group as GroupRow).id,
      name: host.name,
      userId: host.userId,
      host: true,
      joinedAt: now,
    });
  });
}

/**
 * The group a live page follows, by its link alone (a socket cannot name its partner in a header):
 * the group's id and its partner's code, or null for a link that does not work.
 */
export async function findGroupByLink(
  db: Database,
  token: string,
): Promise<{ groupId: number; partnerCode: string } | null> {
  const [found] = await db
    .select({ groupId: groupOrders.id, partnerCode: partners.code })
    .from(groupOrders)
    .innerJoin(partners, eq(partners.id, groupOrders.partnerId))
    .where(eq(groupOrders.token, token))
    .limit(1);
  return found ?? null;
}

/** The group order of the link within the partner, with its cart; null for a wrong link. */
export async function findGroupAndCart(db: Database, partnerId: number, token: string) {
  const [found] = await db
    .select({ group: groupOrders, cart: carts })
    .from(groupOrders)
    .innerJoin(carts, eq(carts.id, groupOrders.cartId))
    .where(and(eq(groupOrders.token, token), eq(groupOrders.partnerId, partnerId)))
    .limit(1);
  return found ?? null;
}

/** The group's people: the host first, then by joining. */
export async function listGroupMembers(db: Database, groupId: number): Promise<MemberRow[]> {
  return db
    .select()
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`${groupMembers.host} desc`, asc(groupMembers.joinedAt), asc(groupMembers.id));
}

/** Marks the group and its cart changed now. */
export async function touchGroupRows(
  db: Database,
  ids: { groupId: number; cartId: string },
  now: Date,
): Promise<void> {
  await db.update(groupOrders).set({ updatedAt: now }).where(eq(groupOrders.id, ids.groupId));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, ids.cartId));
}

export async function updateMember(
  db: Database,
  memberId: number,
  change: Partial<Pick<MemberRow, "name" | "done">>,
): Promise<void> {
  await db.update(groupMembers).set(change).where(eq(groupMembers.id, memberId));
}

/**
 * Locks the group's row for the rest of the transaction (joins of one group queue) and reads
 * whether each of its people is the host.
 */
export async function lockGroupPeople(tx: Database, groupId: number): Promise<Array<{ host: boolean }>> {
  await tx.execute(sql`select id from group_orders where id = ${groupId} for update`);
  return tx.select({ host: groupMembers.host }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
}

export async function insertMember(tx: Database, values: typeof groupMembers.$inferInsert): Promise<void> {
  await tx.insert(groupMembers).values(values);
}

/** A line of the group's cart, with whose it is; null when the cart has no such line. */
export async function findGroupLine(db: Database, cartId: string, itemId: number) {
  const [line] = await db
    .select({ id: cartItems.id, memberId: cartItems.memberId, vendorCartId: cartItems.vendorCartId })
    .from(cartItems)
    .innerJoin(vendorCarts, eq(vendorCarts.id, cartItems.vendorCartId))
    .where(and(eq(cartItems.id, itemId), eq(vendorCarts.cartId, cartId)))
    .limit(1);
  return line ?? null;
}

/** Deletes a line, and its vendor cart when that was its last line. */
export async function deleteGroupLine(
  db: Database,
  line: { id: number; vendorCartId: number },
): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.id, line.id));
  const [left] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(eq(cartItems.vendorCartId, line.vendorCartId))
    .limit(1);
  if (!left) await db.delete(vendorCarts).where(eq(vendorCarts.id, line.vendorCartId));
}

export async function updateGroupLine(
  db: Database,
  lineId: number,
  change: { count?: number; comment?: string | null },
): Promise<void> {
  await db.update(cartItems).set(change).where(eq(cartItems.id, lineId));
}

/** Sets the group's status, and marks it and its cart changed now. */
export async function setGroupRowStatus(
  db: Database,
  ids: { groupId: number; cartId: string },
  status: "OPEN" | "LOCKED",
  now: Date,
): Promise<void> {
  await db.update(groupOrders).set({ status, updatedAt: now }).where(eq(groupOrders.id, ids.groupId));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, ids.cartId));
}

/** Deletes the cart, unless it has been ordered meanwhile. */
export async function deleteUnorderedCart(db: Database, cartId: string): Promise<void> {
  await db.delete(carts).where(and(eq(carts.id, cartId), ne(carts.status, "ORDERED")));
}

/** Whether the cart is a group order's: such a cart is filled through the group, not the cart API. */
export async function groupStatusOfCart(db: Database, cartId: string): Promise<"OPEN" | "LOCKED" | null> {
  const [row] = await db
    .select({ status: groupOrders.status })
    .from(groupOrders)
    .where(eq(groupOrders.cartId, cartId))
    .limit(1);
  return row?.status ?? null;
}

export async function findVendorName(db: Database, vendorId: number): Promise<string | null> {
  const [vendor] = await db
    .select({ name: vendors.name })
    .from(vendors)
    .where(eq(vendors.id, vendorId))
    .limit(1);
  return vendor?.name ?? null;
}

/** The id of the order made of the cart, or null. */
export async function findOrderIdOfCart(db: Database, cartId: string): Promise<number | null> {
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.cartId, cartId)).limit(1);
  return order?.id ?? null;
}
