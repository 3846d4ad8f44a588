import { toMinorUnits } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { promoFactsOf } from "./cart-facts.ts";
import type { CartOwner } from "./cart-owner.ts";
import {
  attachCartsToUser,
  type CartRow,
  type CartRowChanges,
  deleteVendorCartsOfCart,
  findAnonymousCartIds,
  findLatestUserCart,
  removeCartParts,
  updateCartRow,
} from "./cart-repository.ts";
import type { CartChange } from "./cart-service.ts";
import { cartNotFound } from "./cart-store.ts";
import { badRequest } from "./carts.ts";
import { findPromoCodeByText } from "./promo-code-repository.ts";

const DEFAULT_TIPS = { enabled: false, tipMax: 1000, tipStep: 1 };

/** Writes to the cart's row; a cart deleted meanwhile is as unknown as one that never existed. */
async function saveCart(db: Database, cart: CartRow, changes: CartRowChanges): Promise<CartRow> {
  const saved = await updateCartRow(db, cart.id, changes);
  if (!saved) throw cartNotFound();
  return saved;
}

/** A tip for the courier within the locality's tip settings: on, at most tipMax, a multiple of tipStep; none on a takeaway. */
export function setTip(tipAmount: number): CartChange {
  return async (db, at) => {
    const { locality } = at.context;
    const settings = locality.params.tipSettings ?? DEFAULT_TIPS;
    const tip = toMinorUnits(tipAmount, locality.currencyCode);
    if (tip > 0 && !settings.enabled)
      throw badRequest("TipsDisabledException", "tips are off here", "tipAmount");
    if (tip > 0 && at.cart.receiptType === "TAKEAWAY")
      throw badRequest("InvalidTipException", "a takeaway has no courier to tip", "tipAmount");
    const step = toMinorUnits(settings.tipStep, locality.currencyCode);
    if (tip > toMinorUnits(settings.tipMax, locality.currencyCode))
      throw badRequest("InvalidTipException", `at most ${settings.tipMax}`, "tipAmount");
    if (step > 0 && tip % step !== 0)
      throw badRequest("InvalidTipException", `in steps of ${settings.tipStep}`, "tipAmount");
    return { cart: await saveCart(db, at.cart, { tip, updatedAt: at.context.now }) };
  };
}

const PROMO_MESSAGES = {
  NOT_FOUND: "Promo code does not exist or has already been used",
  UTILIZED: "Promo code does not exist or has already been used",
  OUTDATED: "Promo code has expired",
  DOES_NOT_APPLY: "Promo code does not apply to this cart",
} as const;

function promoCodeRefused(result: keyof typeof PROMO_MESSAGES): AppError {
  return new AppError(400, "PromoCodeException", PROMO_MESSAGES[result], {
    errorCode: result,
    details: [{ field: "code", message: PROMO_MESSAGES[result] }],
  });
}

/**
 * Applies a promo code when it checks OK for this cart and customer, otherwise a 400 saying why:
 * the cart is evaluated once, with the code, and that evaluation is the answer.
 */
export function applyPromoCode(code: string): CartChange {
  return async (db, at) => {
    const { context } = at;
    const row = await findPromoCodeByText(db, {
      partnerId: context.partner.id,
      code: code.toUpperCase(),
      localityId: context.locality.id,
      userId: context.userId,
    });
    if (!row) throw promoCodeRefused("NOT_FOUND");
    const evaluated = await at.evaluate(await promoFactsOf(db, row, context.userId));
    const result = evaluated.evaluation.promoCheckResult;
    if (result !== "OK") throw promoCodeRefused(result ?? "NOT_FOUND");
    return { cart: await saveCart(db, at.cart, { promoCodeId: row.id, updatedAt: context.now }), evaluated };
  };
}

export function removePromoCode(): CartChange {
  return async (db, at) => ({
    cart: await saveCart(db, at.cart, { promoCodeId: null, updatedAt: at.context.now }),
  });
}

/** Clearing removes every vendor cart; the address, receipt type and promo code stay. */
export function clearCart(): CartChange {
  return async (db, at) => {
    await deleteVendorCartsOfCart(db, at.cart.id);
    return { cart: await saveCart(db, at.cart, { updatedAt: at.context.now }), linesChanged: true };
  };
}

/**
 * Removes what validation found invalid: lines, vendor carts that are hidden or closed (and any left
 * empty), and a preorder time that is no longer a slot (back to as soon as possible).
 */
export function cleanupCart(): CartChange {
  return async (db, at) => {
    const { validation } = (await at.evaluate()).evaluation;
    const cart = await removeCartParts(db, {
      cartId: at.cart.id,
      lineIds: validation.invalidProducts.map((p) => p.cartProductId),
      vendorCartIds: validation.invalidVendors.map((v) => v.vendorCartId),
      changes: {
        updatedAt: at.context.now,
        ...(validation.invalidDeliveryTime ? { preorderDateTime: null } : {}),
      },
    });
    if (!cart) throw cartNotFound();
    return { cart, linesChanged: true };
  };
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
  if (owner.visitorHash)
    await attachCartsToUser(db, await findAnonymousCartIds(db, partnerId, owner.visitorHash), user.id, now);
  // A group order the customer hosts is their cart only while they check it out (LOCKED); while it
  // is open, friends change it and their own cart stays theirs.
  const latest = await findLatestUserCart(db, partnerId, user.id);
  if (!latest) throw cartNotFound();
  return latest;
}
