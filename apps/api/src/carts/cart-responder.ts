import type { FastifyRequest } from "fastify";
import type { AppServices } from "../services.ts";
import { type CartOwner, cartOwnerOf } from "./cart-owner.ts";
import { type CartRow, findOwnedCart, loadStoredCart } from "./cart-store.ts";
import { type CartContext, describeCart } from "./cart-view.ts";
import { localityOfCart } from "./carts.ts";

/** What every cart route needs: who asks, the context a cart is read in, and the cart's answer. */
export function cartResponder(services: AppServices) {
  const { db, imageStore } = services;
  async function contextOf(request: FastifyRequest, cart: CartRow, owner: CartOwner): Promise<CartContext> {
    return {
      partner: request.partner,
      locality: await localityOfCart(db, cart),
      reader: request.preferredLocale,
      now: services.now(),
      userId: owner.user?.id ?? null,
    };
  }
  /** The cart as it is now, priced and validated: the answer of every cart call. */
  async function describe(request: FastifyRequest, cartId: string, owner: CartOwner) {
    const cart = await findOwnedCart(db, request.partner.id, cartId, owner);
    const stored = await loadStoredCart(db, cart);
    return describeCart(db, imageStore, stored, await contextOf(request, cart, owner));
  }
  const ownerOf = (request: FastifyRequest) => cartOwnerOf(db, request, services.now());
  return { contextOf, describe, ownerOf };
}
