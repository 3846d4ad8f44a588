import type { OrderStatusName } from "@storefront/domain";
import { instantOfLocalDateTime } from "@storefront/domain";
import { keepOrderAddress } from "../accounts/addresses.ts";
import { pointsForCart, spendOrderPoints } from "../accounts/loyalty-points.ts";
import { lockLedgers } from "../accounts/loyalty-repository.ts";
import { type CartRow, cartNotFound, loadStoredCart } from "../carts/cart-store.ts";
import { type CartContext, describeCart } from "../carts/cart-view.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { findLocalityById } from "../catalogue/localities.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/query-failures.ts";
import { AppError } from "../errors.ts";
import type { OrderRow } from "./orders.ts";
import {
  findGroupOfCart,
  findOrderByCart,
  findOrderByIdempotencyKey,
  insertOrder,
  insertStatusChanges,
  lockCart,
  lockPromoCode,
  markCartOrdered,
  recordPromoCodeUse,
} from "./orders-repository.ts";

export interface PlaceOrderInput {
  cartId: string;
  userId: number;
  idempotencyKey: string | null;
  invoiceEmail: string | null;
  /** The total the customer agreed to; a different server total answers 409. */
  expectedPrice: number | null;
  context: Omit<CartContext, "locality" | "userId" | "points">;
}

async function existingOrder(db: Database, input: PlaceOrderInput): Promise<OrderRow | null> {
  if (input.idempotencyKey) {
    const byKey = await findOrderByIdempotencyKey(db, input.userId, input.idempotencyKey);
    // The key names one request: the same key with another cart or invoice address is a client
    // bug, not a retry, and must not answer another order as if it were this one.
    if (byKey && (byKey.cartId !== input.cartId || byKey.invoiceEmail !== input.invoiceEmail)) {
      throw new AppError(
        422,
        "IdempotencyKeyReusedException",
        "This Idempotency-Key was used for another order",
        {
          details: [{ field: "Idempotency-Key", message: "already used with a different body" }],
        },
      );
    }
    if (byKey) return byKey;
  }
  const byCart = await findOrderByCart(db, input.cartId);
  return byCart?.userId === input.userId ? byCart : null;
}

/** The order a checkout made or found; a new one made of a group order's cart names the group. */
export interface PlacedOrder {
  order: OrderRow;
  created: boolean;
  groupId?: number;
}

/**
 * Turns the customer's validated cart into an order, in one transaction that also consumes the
 * cart: a retried or doubled request finds the order already made (by cart or Idempotency-Key) and
 * answers it again instead of making a second one.
 */
export async function placeOrder(
  db: Database,
  imageStore: ImageStore,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  const done = await existingOrder(db, input);
  if (done) return { order: done, created: false };
  try {
    return await createOrder(db, imageStore, input);
  } catch (error) {
    // Two requests that passed the check together: the unique indexes let one through; the other
    // answers with the order it made.
    const made = isUniqueViolation(error) ? await existingOrder(db, input) : null;
    if (made) return { order: made, created: false };
    throw error;
  }
}

async function createOrder(
  db: Database,
  imageStore: ImageStore,
  input: PlaceOrderInput,
): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    // Two checkouts of one cart queue here; the second then finds the cart ORDERED.
    const cart = await lockCart(tx, input.cartId);
    if (!cart || cart.partnerId !== input.context.partner.id || cart.userId !== input.userId)
      throw cartNotFound();
    if (cart.status === "ORDERED") {
      const made = await findOrderByCart(tx, cart.id);
      if (made) return { order: made, created: false };
      throw cartNotFound();
    }
    const group = await findGroupOfCart(tx, cart.id);
    if (group?.status === "OPEN")
      throw new AppError(409, "GroupOrderOpenException", "Lock the group order before checking out", {
        details: [{ field: "cartId", message: "the group order is still open to its people" }],
      });
    // Checkouts with one promo code queue here, so its limits (in all, per customer) hold.
    if (cart.promoCodeId !== null) await lockPromoCode(tx, cart.promoCodeId);
    // A cart that spends points holds its customer's until the order is made: the balance it is
    // priced on is the balance it spends from.
    if (cart.usePoints) await lockLedgers(tx, input.userId);
    const locality = await findLocalityById(tx, cart.localityId);
    const points = await pointsForCart(tx, {
      partnerId: cart.partnerId,
      userId: input.userId,
      locality,
      now: input.context.now,
    });
    const context: CartContext = { ...input.context, locality, userId: input.userId, points };
    const stored = await loadStoredCart(tx, cart as CartRow);
    const evaluated = await describeCart(tx, imageStore, stored, context);
    const { cart: view, validateCartResult } = evaluated.response;

    if (view.vendorCarts.length === 0) throw new AppError(400, "EmptyCartException", "The cart is empty");
    if (cart.receiptType === "DELIVERY" && !cart.address)
      throw new AppError(400, "AddressNotChosenException", "Choose a delivery address", {
        details: [{ field: "address", message: "a delivery needs an address" }],
      });
    if (validateCartResult.status !== "SUCCESS")
      throw new AppError(400, "CartValidationException", "The cart needs attention before checkout", {
        errorCode: validateCartResult.invalidLocation ? "INVALID_LOCATION" : "VALIDATION_FAILED",
      });
    const finalTotal = evaluated.pricing.prices.finalTotal;
    const maxCash = locality.params.maxCashOrderMinor;
    if (cart.paymentType === "CASH" && maxCash !== undefined && finalTotal > maxCash)
      throw new AppError(400, "InvalidCashAmountException", "The maximum cash order amount is reached", {
        errorCode: "INVALID_CASH_AMOUNT",
      });
    if (input.expectedPrice !== null && input.expectedPrice !== view.price)
      throw new AppError(409, "CartPriceChangedException", "The price of the cart has changed", {
        details: [{ field: "expectedPrice", message: `the cart now costs ${view.price}` }],
      });
    // A client that sent no expected total still never pays more than it was shown: a promo code
    // it applied that no longer applies changes the price, so the order waits for the customer.
    if (cart.promoCodeId !== null && view.promoCheckResult !== "OK")
      throw new AppError(409, "CartPriceChangedException", "The price of the cart has changed", {
        details: [
          {
            field: "promocode",
            message: `the promo code no longer applies; the cart now costs ${view.price}`,
          },
        ],
      });

    const status: OrderStatusName = cart.paymentType === "CASH" ? "WAITING_APPROVAL" : "CREATED";
    const now = input.context.now;
    const made = await insertOrder(tx, {
      partnerId: cart.partnerId,
      localityId: cart.localityId,
      userId: input.userId,
      cartId: cart.id,
      idempotencyKey: input.idempotencyKey,
      status,
      receiptType: cart.receiptType,
      paymentType: cart.paymentType,
      paymentMethod: cart.paymentMethod,
      preorderDateTime: cart.preorderDateTime,
      withCutlery: view.withCutlery,
      deliveryInstructions: view.deliveryInstructions,
      promoCode: view.promoCheckResult === "OK" ? view.promocode : null,
      invoiceEmail: input.invoiceEmail,
      currencyCode: locality.currencyCode,
      snapshot: {
        localityCode: locality.code,
        preorderAt: cart.preorderDateTime
          ? (instantOfLocalDateTime(cart.preorderDateTime, locality.timeZone)?.toISOString() ?? null)
          : null,
        address: view.address,
        vendorCarts: view.vendorCarts,
        prices: view.prices,
      },
      finalTotal,
      createdAt: now,
      updatedAt: now,
    });
    await insertStatusChanges(tx, [
      { orderId: made.id, status: "CREATED", actor: "CUSTOMER", at: now },
      ...(status === "CREATED" ? [] : [{ orderId: made.id, status, actor: "SYSTEM", at: now }]),
    ]);
    if (view.promoCheckResult === "OK" && cart.promoCodeId !== null)
      await recordPromoCodeUse(tx, { promoCodeId: cart.promoCodeId, userId: input.userId, orderId: made.id });
    const spent = evaluated.pricing.prices.discounts.find((discount) => discount.type === "LOYALTY");
    if (spent) await spendOrderPoints(tx, made, { locality, points: spent.points, now });
    await markCartOrdered(tx, cart.id, now);
    // A guest's address goes into the account they signed in to, with its details for the courier.
    if (cart.receiptType === "DELIVERY" && cart.address && cart.address.customerAddressId === null)
      await keepOrderAddress(tx, { partnerId: cart.partnerId, userId: input.userId }, cart.address);
    return { order: made, created: true, ...(group ? { groupId: group.id } : {}) };
  });
}
