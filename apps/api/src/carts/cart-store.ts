import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type CartOwner, ownsCart } from "./cart-owner.ts";
import {
  type CartItemRow,
  type CartRow,
  findActiveCart,
  findActiveVendorCart,
  findMemberNames,
  listVendorCartsWithItems,
  updateCartRow,
  type VendorCartRow,
} from "./cart-repository.ts";

export type { CartItemRow, CartRow, VendorCartRow };

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
  const vendorCarts = await listVendorCartsWithItems(db, cart.id);
  const people = await findMemberNames(db, [
    ...new Set(vendorCarts.flatMap((v) => v.items.flatMap((i) => (i.memberId === null ? [] : [i.memberId])))),
  ]);
  return { cart, vendorCarts, people };
}

/**
 * The cart as the owner may use it: a signed-in customer who made it anonymously in this browser
 * takes it over. A cart of someone else is as unknown as one that never existed (404).
 */
async function claimCart(db: Database, cart: CartRow | null, owner: CartOwner): Promise<CartRow> {
  if (!cart || !ownsCart(owner, cart)) throw cartNotFound();
  if (cart.userId === null && owner.user)
    return (await updateCartRow(db, cart.id, { userId: owner.user.id })) ?? cart;
  return cart;
}

/** The active cart of that id when the owner may use it, else a 404. */
export async function findOwnedCart(
  db: Database,
  partnerId: number,
  cartId: string,
  owner: CartOwner,
): Promise<CartRow> {
  return claimCart(db, await findActiveCart(db, partnerId, cartId), owner);
}

/** The vendor cart and its cart, when the owner may use them. */
export async function findOwnedVendorCart(
  db: Database,
  partnerId: number,
  vendorCartId: number,
  owner: CartOwner,
): Promise<{ cart: CartRow; vendorCart: VendorCartRow }> {
  const found = await findActiveVendorCart(db, partnerId, vendorCartId);
  if (!found) throw cartNotFound();
  return { cart: await claimCart(db, found.cart, owner), vendorCart: found.vendorCart };
}
