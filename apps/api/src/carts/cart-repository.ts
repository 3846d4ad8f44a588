import { and, asc, desc, eq, exists, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import { addresses, cartItems, carts, groupMembers, groupOrders, vendorCarts } from "../db/schema.ts";

export type { CartAddressRow } from "../db/schema.ts";
export type CartRow = typeof carts.$inferSelect;
export type NewCartRow = typeof carts.$inferInsert;
/** What a change writes to a cart's row. */
export type CartRowChanges = Partial<Omit<NewCartRow, "id">>;
export type VendorCartRow = typeof vendorCarts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type NewCartItemRow = typeof cartItems.$inferInsert;
export type AddressRow = typeof addresses.$inferSelect;

/** The partner's carts still being filled; the partner a value or a prepared query's placeholder. */
const activeCart = (partnerId: number | SQLWrapper): SQL | undefined =>
  and(eq(carts.partnerId, partnerId), eq(carts.status, "ACTIVE"));

// ---- carts

const activeCartById = preparedQuery<{ partnerId: number; cartId: string }, CartRow[]>("active_cart", (db) =>
  db
    .select()
    .from(carts)
    .where(and(eq(carts.id, sql.placeholder("cartId")), activeCart(sql.placeholder("partnerId"))))
    .limit(1),
);

export async function findActiveCart(
  db: Database,
  partnerId: number,
  cartId: string,
): Promise<CartRow | null> {
  const [row] = await activeCartById(db, { partnerId, cartId });
  return row ?? null;
}

/** An active vendor cart of the partner's, with its cart. */
export async function findActiveVendorCart(
  db: Database,
  partnerId: number,
  vendorCartId: number,
): Promise<{ cart: CartRow; vendorCart: VendorCartRow } | null> {
  const [found] = await db
    .select({ cart: carts, vendorCart: vendorCarts })
    .from(vendorCarts)
    .innerJoin(carts, eq(carts.id, vendorCarts.cartId))
    .where(and(eq(vendorCarts.id, vendorCartId), activeCart(partnerId)))
    .limit(1);
  return found ?? null;
}

export async function insertCart(db: Database, row: NewCartRow): Promise<void> {
  await db.insert(carts).values(row);
}

/**
 * Writes to a cart's row and answers the row as it now is (null when it is gone). Inside a
 * transaction the row stays locked until the end: the first write serializes the cart's changes.
 */
export async function updateCartRow(
  db: Database,
  cartId: string,
  changes: CartRowChanges,
  instructions?: Partial<CartRow["deliveryInstructions"]>,
): Promise<CartRow | null> {
  // The instructions chosen are merged in the row itself: two choices sent at once both hold.
  const merged = instructions
    ? { deliveryInstructions: sql`${carts.deliveryInstructions} || ${JSON.stringify(instructions)}::jsonb` }
    : {};
  const [row] = await db
    .update(carts)
    .set({ ...changes, ...merged })
    .where(eq(carts.id, cartId))
    .returning();
  return row ?? null;
}

export async function deleteCartRow(db: Database, cartId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.id, cartId));
}

/** The partner's active carts this visitor made anonymously. */
export async function findAnonymousCartIds(
  db: Database,
  partnerId: number,
  visitorHash: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(activeCart(partnerId), eq(carts.visitorHash, visitorHash), isNull(carts.userId)));
  return rows.map((row) => row.id);
}

export async function attachCartsToUser(
  db: Database,
  cartIds: string[],
  userId: number,
  now: Date,
): Promise<void> {
  if (cartIds.length === 0) return;
  await db.update(carts).set({ userId, updatedAt: now }).where(inArray(carts.id, cartIds));
}

/**
 * The customer's most recently changed active cart, a group order they host only while it is
 * LOCKED, and then before any other.
 */
export async function findLatestUserCart(
  db: Database,
  partnerId: number,
  userId: number,
): Promise<CartRow | null> {
  const group = db
    .select({ status: groupOrders.status })
    .from(groupOrders)
    .where(eq(groupOrders.cartId, carts.id));
  const [latest] = await db
    .select()
    .from(carts)
    .where(
      and(activeCart(partnerId), eq(carts.userId, userId), sql`coalesce((${group}), 'LOCKED') = 'LOCKED'`),
    )
    .orderBy(sql`(${group}) is null`, desc(carts.updatedAt))
    .limit(1);
  return latest ?? null;
}

/** One of the customer's saved addresses. */
export async function findAddressOfUser(
  db: Database,
  userId: number,
  addressId: number,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

// ---- vendor carts and their lines

/** The cart's vendor carts, in the order they were started. */
export async function listVendorCarts(db: Database, cartId: string): Promise<VendorCartRow[]> {
  return db
    .select()
    .from(vendorCarts)
    .where(eq(vendorCarts.cartId, cartId))
    .orderBy(asc(vendorCarts.createdAt), asc(vendorCarts.id));
}

const vendorCartsWithItems = preparedQuery<
  { cartId: string },
  Array<{ vendorCart: VendorCartRow; item: CartItemRow | null }>
>("vendor_carts_with_items", (db) =>
  db
    .select({ vendorCart: vendorCarts, item: cartItems })
    .from(vendorCarts)
    .leftJoin(cartItems, eq(cartItems.vendorCartId, vendorCarts.id))
    .where(eq(vendorCarts.cartId, sql.placeholder("cartId")))
    .orderBy(asc(vendorCarts.createdAt), asc(vendorCarts.id), asc(cartItems.id)),
);

/**
 * A cart's vendor carts in the order they were started, each with its lines, oldest first: one
 * query for both.
 */
export async function listVendorCartsWithItems(
  db: Database,
  cartId: string,
): Promise<Array<VendorCartRow & { items: CartItemRow[] }>> {
  const rows = await vendorCartsWithItems(db, { cartId });
  const found = new Map<number, VendorCartRow & { items: CartItemRow[] }>();
  for (const { vendorCart, item } of rows) {
    let entry = found.get(vendorCart.id);
    if (!entry) {
      entry = { ...vendorCart, items: [] };
      found.set(vendorCart.id, entry);
    }
    if (item) entry.items.push(item);
  }
  return [...found.values()];
}

/** The names of these people of a group order, by member id. */
export async function findMemberNames(db: Database, memberIds: number[]): Promise<Map<number, string>> {
  if (memberIds.length === 0) return new Map();
  const rows = await db
    .select({ id: groupMembers.id, name: groupMembers.name })
    .from(groupMembers)
    .where(inArray(groupMembers.id, memberIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function insertVendorCart(
  db: Database,
  row: { cartId: string; vendorId: number; createdAt: Date },
): Promise<VendorCartRow> {
  const [inserted] = await db.insert(vendorCarts).values(row).returning();
  if (!inserted) throw new Error("the vendor cart was not inserted");
  return inserted;
}

export async function setVendorCartCutlery(
  db: Database,
  vendorCartId: number,
  cutlery: number,
): Promise<void> {
  await db.update(vendorCarts).set({ cutlery }).where(eq(vendorCarts.id, vendorCartId));
}

export async function deleteVendorCartsOfCart(db: Database, cartId: string): Promise<void> {
  await db.delete(vendorCarts).where(eq(vendorCarts.cartId, cartId));
}

/** Removes the vendor cart when it has no line left. */
export async function dropEmptyVendorCart(db: Database, vendorCartId: number): Promise<void> {
  await db
    .delete(vendorCarts)
    .where(
      and(
        eq(vendorCarts.id, vendorCartId),
        sql`not ${exists(db.select({ one: sql`1` }).from(cartItems).where(eq(cartItems.vendorCartId, vendorCarts.id)))}`,
      ),
    );
}

/** A line of the vendor cart with the same product, options and person (null: no person). */
export async function findSameLine(
  db: Database,
  line: { vendorCartId: number; productId: number; optionsKey: string; memberId: number | null },
): Promise<CartItemRow | null> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.vendorCartId, line.vendorCartId),
        eq(cartItems.productId, line.productId),
        eq(cartItems.optionsKey, line.optionsKey),
        line.memberId === null ? isNull(cartItems.memberId) : eq(cartItems.memberId, line.memberId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function findLineOfVendorCart(
  db: Database,
  vendorCartId: number,
  lineId: number,
): Promise<CartItemRow | null> {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.vendorCartId, vendorCartId)))
    .limit(1);
  return row ?? null;
}

/** Each line of the vendor cart: its id and product. */
export async function listLinesOfVendorCart(
  db: Database,
  vendorCartId: number,
): Promise<Array<{ id: number; productId: number }>> {
  return db
    .select({ id: cartItems.id, productId: cartItems.productId })
    .from(cartItems)
    .where(eq(cartItems.vendorCartId, vendorCartId));
}

export async function insertLine(db: Database, row: NewCartItemRow): Promise<void> {
  await db.insert(cartItems).values(row);
}

export async function updateLine(
  db: Database,
  lineId: number,
  changes: Partial<Pick<CartItemRow, "count" | "comment">>,
): Promise<void> {
  await db.update(cartItems).set(changes).where(eq(cartItems.id, lineId));
}

export async function deleteLinesOfVendorCart(
  db: Database,
  vendorCartId: number,
  lineIds: number[],
): Promise<void> {
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.vendorCartId, vendorCartId), inArray(cartItems.id, lineIds)));
}

/**
 * Removes these lines and vendor carts, then every vendor cart of the cart left without a line, and
 * writes `changes` to the cart's row: in one transaction, answering the row as it now is.
 */
export async function removeCartParts(
  db: Database,
  input: { cartId: string; lineIds: number[]; vendorCartIds: number[]; changes: CartRowChanges },
): Promise<CartRow | null> {
  return db.transaction(async (tx) => {
    if (input.lineIds.length) await tx.delete(cartItems).where(inArray(cartItems.id, input.lineIds));
    if (input.vendorCartIds.length)
      await tx.delete(vendorCarts).where(inArray(vendorCarts.id, input.vendorCartIds));
    await tx
      .delete(vendorCarts)
      .where(
        and(
          eq(vendorCarts.cartId, input.cartId),
          sql`not ${exists(tx.select({ one: sql`1` }).from(cartItems).where(eq(cartItems.vendorCartId, vendorCarts.id)))}`,
        ),
      );
    return updateCartRow(tx, input.cartId, input.changes);
  });
}
