import { formatDeliveryCost, formatMoney } from "@storefront/domain";
import type { Cart, CartResponse } from "@storefront/domain/contract";
import type { Endpoint } from "@storefront/domain/endpoints";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect } from "react";
import type { Sent } from "./api.client.ts";
import type { CartAlert, CartState } from "./cart.tsx";
import type { useT } from "./i18n.ts";
import { fromThisBuild } from "./new-build.ts";

/** Validation runs again this long after the cart opens (section 9). */
export const CART_VALIDATION_DELAY_MS = 300;

/**
 * What a failed cart change leads to (section 4: "any failed cart operation shows an error alert
 * that reloads the page"): a missing cart is forgotten here (404 CartNotFoundException, not
 * reported); a failure the caller named as expected (a promo code that does not apply, a vendor
 * limit) goes back to the caller, which explains it; every other failure, 400s included, is the
 * error alert.
 */
export function cartFailureOutcome(
  sent: Sent<unknown>,
  expected: readonly string[] = [],
): "done" | "forget-cart" | "caller" | "error-alert" {
  if (sent.ok) return "done";
  const type = sent.error?.type;
  if (sent.status === 404 && type === "CartNotFoundException") return "forget-cart";
  if (type && expected.includes(type)) return "caller";
  return "error-alert";
}

/**
 * The cart delivery price popup (the FREE_DELIVERY and PAY_DELIVERY alerts): free when the cart
 * pays no delivery, whether by the vendor, by the amount or by a promo code; otherwise what it
 * costs and, when the vendor has one, what is still missing for free delivery. None for takeaway.
 */
export type DeliveryPriceAlert =
  | { kind: "FREE_DELIVERY" }
  | { kind: "PAY_DELIVERY"; cost: number; missingForFree: number | null };

export function deliveryPriceAlert(
  cart: Pick<Cart, "receiptType" | "prices">,
  promoDeliveryDiscount: number,
): DeliveryPriceAlert | null {
  if (cart.receiptType === "TAKEAWAY") return null;
  const cost = cart.prices.deliveryTotal - promoDeliveryDiscount;
  if (cost <= 0) return { kind: "FREE_DELIVERY" };
  const missing = cart.prices.amountToGetFreeDelivery;
  return { kind: "PAY_DELIVERY", cost, missingForFree: missing !== null && missing > 0 ? missing : null };
}

/** The words of the cart delivery price popup, or null for takeaway. */
export function deliveryPriceAlertOf(
  cart: Pick<Cart, "receiptType" | "prices" | "currencyCode">,
  promoDeliveryDiscount: number,
  t: ReturnType<typeof useT>,
  locale: string,
  close: () => void,
): CartAlert | null {
  const alert = deliveryPriceAlert(cart, promoDeliveryDiscount);
  if (!alert) return null;
  const buttons: CartAlert["buttons"] = [{ label: t("common.understood"), onClick: close }];
  if (alert.kind === "FREE_DELIVERY")
    return { title: t("cart.delivery.free"), message: t("cart.alert.freeDelivery"), buttons };
  return {
    title: t("cart.alert.payDelivery", { cost: formatDeliveryCost(alert.cost, cart.currencyCode, locale) }),
    message:
      alert.missingForFree === null
        ? t("cart.alert.payDelivery.message")
        : t("cart.freeDeliveryIn", { amount: formatMoney(alert.missingForFree, cart.currencyCode, locale) }),
    buttons,
  };
}

/**
 * The cart checked again (the cart's state takes the answer) and the alert the check calls for:
 * null when all is well or the check did not answer. The alert's words come with the check, not
 * with the page's first load. A vendor's closing said elsewhere on the page is not said again
 * (`closingSaid`).
 */
export async function checkedCartAlert(
  cartState: CartState,
  cartId: string,
  t: ReturnType<typeof useT>,
  locale: string,
  closingSaid?: boolean,
): Promise<CartAlert | null> {
  const [sent, { validationAlert }] = await Promise.all([
    cartState.change(endpoints.carts.get(cartId)),
    fromThisBuild(import("./validation-alert.ts")),
  ]);
  if (!sent.ok) return null;
  const checked = { ...cartState, cart: sent.body.cart, validation: sent.body.validateCartResult };
  return validationAlert(checked, t, locale, closingSaid);
}

/**
 * Re-validates the cart 300 ms after it opens and shows what the result calls for. The checkout says
 * a vendor's closing before the order could arrive at its top (ClosingNotice), with the same choices:
 * there it is not said again in an alert over it (`closingSaid`).
 */
export function useCartValidationOnOpen(
  cartState: CartState,
  t: ReturnType<typeof useT>,
  locale: string,
  closingSaid: boolean,
): void {
  const cartId = cartState.cart?.cartId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of a cart
  useEffect(() => {
    if (!cartId) return;
    const timer = window.setTimeout(async () => {
      const alert = await checkedCartAlert(cartState, cartId, t, locale, closingSaid);
      if (alert) cartState.showAlert(alert);
    }, CART_VALIDATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [cartId]);
}

/**
 * A chosen time the cart's check calls invalid is reset to as soon as possible and the cart updated
 * at once (ordering-flow §4 "If invalid, it is reset to null and the cart updated"); the alert then
 * tells what happened. True when the time was reset.
 */
export async function resetInvalidPreorderTime(cartState: CartState): Promise<boolean> {
  const { cart, validation } = cartState;
  if (!cart?.preorderDateTime || !validation?.invalidDeliveryTime) return false;
  const sent = await cartState.change(endpoints.carts.update(cart.cartId), { preorderDateTime: null });
  return sent.ok;
}

/**
 * What the catalogue pages say about a preorder cart (ordering-flow §8): the chosen time is no longer
 * valid (less than an hour ahead, past the vendor's closing, outside the preorder period), or some
 * goods are not sold at that day and time (PRODUCT_INVALID_DELIVERY_INTERVAL), counted; when that is
 * every line, the cart is offered for deletion. Null for an as-soon-as-possible cart or nothing wrong.
 */
export function preorderAlert(
  cartState: CartState,
  t: ReturnType<typeof useT>,
  options: {
    /** The chosen time as the reader writes it. */
    when: string;
    chooseTime: () => void;
    /** After the cart changed, so the page shows the new time's availability. */
    changed: () => void;
  },
): CartAlert | null {
  const { cart, validation } = cartState;
  if (!cart?.preorderDateTime || !validation) return null;
  const { when, chooseTime, changed } = options;
  const close = () => cartState.showAlert(null);
  const send = (endpoint: Endpoint<CartResponse>, body?: unknown) => async () => {
    close();
    const sent = await cartState.change(endpoint, body);
    if (sent.ok) changed();
  };
  const otherTime = {
    label: t("cart.alert.chooseAnotherTime"),
    primary: false,
    onClick: () => {
      close();
      chooseTime();
    },
  };
  // Already reset to as soon as possible (resetInvalidPreorderTime): told, with a way to choose again.
  if (validation.invalidDeliveryTime)
    return {
      title: t("cart.alert.invalidDeliveryTime"),
      message: t("cart.alert.invalidDeliveryTime.reason", { when }),
      buttons: [{ label: t("common.understood"), onClick: close }, otherTime],
    };
  const count = validation.invalidProducts.filter(
    (p) => p.reason === "PRODUCT_INVALID_DELIVERY_INTERVAL",
  ).length;
  if (count === 0) return null;
  const lines = cart.vendorCarts.reduce((sum, v) => sum + v.items.length, 0);
  if (count >= lines)
    return {
      title: t("cart.alert.deleteCartForTime", { when }),
      buttons: [
        { label: t("cart.alert.delete"), onClick: send(endpoints.carts.clear(cart.cartId)) },
        otherTime,
      ],
    };
  return {
    title: t("cart.alert.unavailableAtTime", { count, when }),
    message: t("cart.alert.unavailableAtTime.message"),
    buttons: [
      { label: t("cart.alert.removeThem"), onClick: send(endpoints.carts.cleanup(cart.cartId)) },
      otherTime,
    ],
  };
}
