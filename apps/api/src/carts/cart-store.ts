import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartItems, carts, groupMembers, vendorCarts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type CartOwner, ownsCart } from "./cart-owner.ts";

export type CartRow = typeof carts.$inferSelect;
export type VendorCartRow = typeof vendorCarts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** A cart with its vendor carts (in the order they were started) and their lines. */
export interface StoredCart {
  cart: CartRow;
  vendorCarts: Array<VendorCartRow & { items: CartItemRow[] }>;
  /** In a group order, the name of each person who has lines, by member id. */
  people: Map<number, string>;
}

export function cartNotFound(): AppError {
  return new AppError(404, "CartNotFoundException", "Cart not found");
}

export async function loadStoredCart(db: Database, cart: CartRow): Promise<StoredCart> {
  const vendorRows = await db
    .select()
    .from(vendorCarts)
    .where(eq(vendorCarts.cartId, cart.id))
    .orderBy(asc(vendorCarts.createdAt), asc(vendorCarts.id));
  const itemRows =
    vendorRows.length === 0
      ? []
      : await db
          .select()
          .from(cartItems)
          .where(
            inArray(
              cartItems.vendorCartId,
              vendorRows.map((v) => v.id),
            ),
          )
          .orderBy(asc(cartItems.id));
  const memberIds = [...new Set(itemRows.flatMap((i) => (i.memberId === null ? [] : [i.memberId])))];
  const people =
    memberIds.length === 0
      ? []
      : await db
          .select({ id: groupMembers.id, name: groupMembers.name })
          .from(groupMembers)
          .where(inArray(groupMembers.id, memberIds));
  return {
    cart,
    vendorCarts: vendorRows.map((v) => ({ ...v, items: itemRows.filter((i) => i.vendorCartId === v.id) })),
    people: new Map(people.map((p) => [p.id, p.name])),
  };
}

/**
 * The active cart of that id when the owner may use it, else a 404 (a cart of someone else is as
 * unknown as one that never existed). A signed-in customer who made the cart anonymously in this
 * browser takes it over.
 */
export async function findOwnedCart(
  db: Database,
  partnerId: number,
  cartId: string,
  owner: CartOwner,
): Promise<CartRow> {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.id, cartId), eq(carts.partnerId, partnerId), eq(carts.status, "ACTIVE")))
    .limit(1);
  if (!cart || !ownsCart(owner, cart)) throw cartNotFound();
  if (cart.userId === null && owner.user) {
    const [attached] = await db
      .update(carts)
      .set({ userId: owner.user.id })
      .where(eq(carts.id, cart.id))
      .returning();
    return attached as CartRow;
  }
  return cart;
}

/** The vendor cart and its cart, when the owner may use them. */
export async function findOwnedVendorCart(
  db: Database,
  partnerId: number,
  vendorCartId: number,
  owner: CartOwner,
): Promise<{ cart: CartRow; vendorCart: VendorCartRow }> {
  const [found] = await db
    .select({ cart: carts, vendorCart: vendorCarts })
    .from(vendorCarts)
    .innerJoin(carts, eq(carts.id, vendorCarts.cartId))
    .where(and(eq(vendorCarts.id, vendorCartId), eq(carts.partnerId, partnerId), eq(carts.status, "ACTIVE")))
    .limit(1);
  if (!found || !ownsCart(owner, found.cart)) throw cartNotFound();
  const cart = await findOwnedCart(db, partnerId, found.cart.id, owner);
  return { cart, vendorCart: found.vendorCart };
}

/** Marks the cart changed, so the newest cart of a customer is the one they worked on last. */
export async function touchCart(db: Database, cartId: string, now: Date): Promise<void> {
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}
