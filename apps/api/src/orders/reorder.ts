import type { cartLocationSchema } from "@storefront/domain/contract";
import type { z } from "zod";
import type { UserRow } from "../accounts/sessions.ts";
import { addCartItem } from "../carts/cart-items.ts";
import type { CartRow } from "../carts/cart-store.ts";
import { createCart } from "../carts/carts.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Partner } from "../plugins/partner.ts";
import type { OrderRow } from "./orders.ts";
import { findCartRow } from "./orders-repository.ts";

/** Why a line of the old order cannot go into the new cart: it is no longer on sale as it was. */
const UNAVAILABLE = new Set([
  "ProductNotFoundException",
  "ProductNotAvailableException",
  "InvalidComponentsException",
  "VendorNotInLocalityException",
  "InvalidReceiptTypeException",
  "CartVendorsMaxLimitException",
]);

export interface ReorderInput {
  partner: Partner;
  user: UserRow;
  order: OrderRow;
  address: {
    customerAddressId?: number | undefined;
    location?: z.infer<typeof cartLocationSchema> | undefined;
  };
  now: Date;
}

/**
 * Starts a new cart at the given address in the order's locality with every line of the order
 * that can still be ordered as it was (same product, same options); the others are listed.
 */
export async function reorder(
  db: Database,
  input: ReorderInput,
): Promise<{ cartId: string; unavailableItems: Array<{ productId: number; name: string }> }> {
  const { partner, user, order, now } = input;
  const locality = await findLocalityById(db, order.localityId);
  const offered = locality.params.receiptTypes ?? ["DELIVERY"];
  const receiptType = offered.includes(order.receiptType) ? order.receiptType : (offered[0] ?? "DELIVERY");
  const cartId = await createCart(db, {
    partner,
    owner: { user, visitorHash: null },
    body: { localityCode: locality.code, receiptType, ...input.address },
    now,
  });
  const cart = await findCartRow(db, cartId);
  const unavailableItems: Array<{ productId: number; name: string }> = [];
  for (const vendorCart of order.snapshot.vendorCarts) {
    for (const item of vendorCart.items) {
      try {
        await addCartItem(db, {
          partner,
          cart: cart as CartRow,
          body: {
            vendorId: vendorCart.vendorId,
            productId: item.productId,
            count: item.count,
            components: item.components.map((component) => ({ id: component.id, count: component.count })),
            ...(item.comment ? { comment: item.comment } : {}),
          },
          now,
        });
      } catch (error) {
        if (!(error instanceof AppError && UNAVAILABLE.has(error.type))) throw error;
        unavailableItems.push({ productId: item.productId, name: item.name });
      }
    }
  }
  return { cartId, unavailableItems };
}
