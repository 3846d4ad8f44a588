import { checkPromoCode, toMinorUnits } from "@storefront/domain";
import { and, desc, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { cartItems, carts, groupOrders, promoCodes, vendorCarts } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { loadPromoFacts, promoCheckFacts } from "./cart-facts.ts";
import type { CartOwner } from "./cart-owner.ts";
import { type CartRow, cartNotFound, type StoredCart } from "./cart-store.ts";
import { type CartContext, cartVendorIds, type EvaluatedCart } from "./cart-view.ts";
import { badRequest } from "./carts.ts";

const DEFAULT_TIPS = { enabled: false, tipMax: 1000, tipStep: 1 };

/** A tip within the locality's tip settings: on, at most tipMax, a multiple of tipStep. */
export async function setTip(
  db: Database,
  input: { cart: CartRow; tipAmount: number; context: CartContext },
): Promise<void> {
  const { locality } = input.context;
  const settings = locality.params.tipSettings ?? DEFAULT_TIPS;
  const tip = toMinorUnits(input.tipAmount, locality.currencyCode);
  if (tip > 0 && !settings.enabled)
    throw badRequest("TipsDisabledException", "tips are off here", "tipAmount");
  const step = toMinorUnits(settings.tipStep, locality.currencyCode);
  if (tip > toMinorUnits(settings.tipMax, locality.currencyCode))
    throw badRequest("InvalidTipException", `at most ${settings.tipMax}`, "tipAmount");
  if (step > 0 && tip % step !== 0)
    throw badRequest("InvalidTipException", `in steps of ${settings.tipStep}`, "tipAmount");
  await db.update(carts).set({ tip, updatedAt: input.context.now }).where(eq(carts.id, input.cart.id));
}

const PROMO_MESSAGES = {
  NOT_FOUND: "Promo code does not exist or has already been used",
  UTILIZED: "Promo code does not exist or has already been used",
  OUTDATED: "Promo code has expired",
  DOES_NOT_APPLY: "Promo code does not apply to this cart",
} as const;

/** Applies a promo code when it checks OK for this cart and customer; otherwise a 400 saying why. */
export async function applyPromoCode(
  db: Database,
  input: { stored: StoredCart; code: string; evaluated: EvaluatedCart; context: CartContext },
): Promise<void> {
  const { stored, context } = input;
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        eq(promoCodes.partnerId, context.partner.id),
        eq(promoCodes.code, input.code.toUpperCase()),
        or(isNull(promoCodes.localityId), eq(promoCodes.localityId, context.locality.id)),
        or(
          isNull(promoCodes.userId),
          context.userId === null ? sql`false` : eq(promoCodes.userId, context.userId),
        ),
      ),
    )
    .limit(1);
  const facts = row ? await loadPromoFacts(db, row.id, context.userId) : null;
  const result = checkPromoCode({
    promo: facts ? promoCheckFacts(facts, context.locality) : null,
    now: context.now.toISOString(),
    cartTotalMinor: input.evaluated.pricing.prices.cartTotal,
    cartVendorIds: cartVendorIds(stored),
    receiptType: stored.cart.receiptType,
  });
  if (result !== "OK" || !row)
    throw new AppError(400, "PromoCodeException", PROMO_MESSAGES[result === "OK" ? "NOT_FOUND" : result], {
      errorCode: result,
      details: [{ field: "code", message: PROMO_MESSAGES[result === "OK" ? "NOT_FOUND" : result] }],
    });
  await db
    .update(carts)
    .set({ promoCodeId: row.id, updatedAt: context.now })
    .where(eq(carts.id, stored.cart.id));
}

export async function removePromoCode(db: Database, cart: CartRow, now: Date): Promise<void> {
  await db.update(carts).set({ promoCodeId: null, updatedAt: now }).where(eq(carts.id, cart.id));
}

/** Clearing removes every vendor cart; the address, receipt type and promo code stay. */
export async function clearCart(db: Database, cart: CartRow, now: Date): Promise<void> {
  await db.delete(vendorCarts).where(eq(vendorCarts.cartId, cart.id));
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cart.id));
}

export async function deleteCart(db: Database, cart: CartRow): Promise<void> {
  await db.delete(carts).where(eq(carts.id, cart.id));
}

/**
 * Removes what validation found invalid: lines, vendor carts that are hidden or closed (and any left
 * empty), and a preorder time that is no longer a slot (back to as soon as possible).
 */
export async function cleanupCart(
  db: Database,
  input: { stored: StoredCart; evaluated: EvaluatedCart; now: Date },
): Promise<void> {
  const { validation } = input.evaluated;
  const { cart } = input.stored;
  await db.transaction(async (tx) => {
    const lines = validation.invalidProducts.map((p) => p.cartProductId);
    if (lines.length) await tx.delete(cartItems).where(inArray(cartItems.id, lines));
    const vendorCartIds = validation.invalidVendors.map((v) => v.vendorCartId);
    if (vendorCartIds.length) await tx.delete(vendorCarts).where(inArray(vendorCarts.id, vendorCartIds));
    await tx
      .delete(vendorCarts)
      .where(
        and(
          eq(vendorCarts.cartId, cart.id),
          sql`not ${exists(tx.select({ one: sql`1` }).from(cartItems).where(eq(cartItems.vendorCartId, vendorCarts.id)))}`,
        ),
      );
    await tx
      .update(carts)
      .set({
        updatedAt: input.now,
        ...(validation.invalidDeliveryTime ? { preorderDateTime: null } : {}),
      })
      .where(eq(carts.id, cart.id));
  });
}

/**
 * The signed-in customer's cart ("get user cart"): the anonymous cart this browser filled takes over
 * (it is what the customer just built), else a group order they are checking out, else their most
 * recently changed active cart.
 */
export async function findUserCart(
  db: Database,
  partnerId: number,
  owner: CartOwner,
  now: Date,
): Promise<CartRow> {
  const user = owner.user;
  if (!user) throw new AppError(401, "UnauthorizedException", "Sign in to continue");
  if (owner.visitorHash) {
    const anonymous = await db
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.partnerId, partnerId),
          eq(carts.visitorHash, owner.visitorHash),
          isNull(carts.userId),
          eq(carts.status, "ACTIVE"),
        ),
      );
    if (anonymous.length)
      await db
        .update(carts)
        .set({ userId: user.id, updatedAt: now })
        .where(
          inArray(
            carts.id,
            anonymous.map((c) => c.id),
          ),
        );
  }
  // A group order the customer hosts is their cart only while they check it out (LOCKED); while it
  // is open, friends change it and their own cart stays theirs.
  const group = db
    .select({ status: groupOrders.status })
    .from(groupOrders)
    .where(eq(groupOrders.cartId, carts.id));
  const [latest] = await db
    .select()
    .from(carts)
    .where(
      and(
        eq(carts.partnerId, partnerId),
        eq(carts.userId, user.id),
        eq(carts.status, "ACTIVE"),
        sql`coalesce((${group}), 'LOCKED') = 'LOCKED'`,
      ),
    )
    .orderBy(sql`(${group}) is null`, desc(carts.updatedAt))
    .limit(1);
  if (!latest) throw cartNotFound();
  return latest;
}
