import { useEffect } from "react";
import type { CartAlert, CartState } from "./cart.tsx";
import type { useT } from "./i18n.ts";

/** Validation runs again this long after the cart opens (section 9). */
export const CART_VALIDATION_DELAY_MS = 300;

/**
 * The alert a validation result calls for, most serious first: a hidden vendor or one closed for the
 * delivery time (the cart is emptied), every product gone (emptied), some products gone (removed),
 * a delivery time that passed (as soon as possible), an address outside the zone.
 */
export function validationAlert(cartState: CartState, t: ReturnType<typeof useT>): CartAlert | null {
  const { cart, validation } = cartState;
  if (!cart || !validation || validation.status === "SUCCESS") return null;
  const close = () => cartState.showAlert(null);
  const then = (action: () => Promise<unknown>) => async () => {
    close();
    await action();
  };
  const clear = then(() => cartState.change("PUT", `/carts/${cart.cartId}/clear`));
  const cleanup = then(() => cartState.change("POST", `/carts/${cart.cartId}/cleanup`));
  const understood = { label: t("common.understood"), onClick: close };

  if (validation.invalidVendors.some((v) => v.status === "VENDOR_HIDDEN"))
    return {
      title: t("cart.alert.vendorHidden"),
      buttons: [{ label: t("common.understood"), onClick: clear }],
    };
  if (validation.invalidVendors.length > 0)
    return {
      title: t("cart.alert.vendorInvalidTime"),
      buttons: [
        { label: t("cart.alert.clear.confirm"), onClick: clear },
        { label: t("common.cancel"), onClick: close },
      ],
    };
  const lines = cart.vendorCarts.reduce((sum, v) => sum + v.items.length, 0);
  if (validation.invalidProducts.length > 0 && validation.invalidProducts.length >= lines)
    return {
      title: t("cart.alert.fullCartInvalid"),
      buttons: [{ label: t("common.understood"), onClick: clear }],
    };
  if (validation.invalidProducts.length > 0)
    return {
      title: t("cart.alert.invalidProducts", { count: validation.invalidProducts.length }),
      buttons: [{ label: t("common.understood"), onClick: cleanup }],
    };
  if (validation.invalidDeliveryTime)
    return {
      title: t("cart.alert.invalidDeliveryTime"),
      buttons: [{ label: t("common.understood"), onClick: cleanup }],
    };
  if (validation.invalidLocation) return { title: t("cart.alert.invalidLocation"), buttons: [understood] };
  return null;
}

/** Re-validates the cart 300 ms after it opens and shows what the result calls for. */
export function useCartValidationOnOpen(cartState: CartState, t: ReturnType<typeof useT>): void {
  const cartId = cartState.cart?.cartId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening of a cart
  useEffect(() => {
    if (!cartId) return;
    const timer = window.setTimeout(async () => {
      const sent = await cartState.change("GET", `/carts/${cartId}`);
      if (!sent.ok) return;
      const alert = validationAlert(
        { ...cartState, cart: sent.body.cart, validation: sent.body.validateCartResult },
        t,
      );
      if (alert) cartState.showAlert(alert);
    }, CART_VALIDATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [cartId]);
}
