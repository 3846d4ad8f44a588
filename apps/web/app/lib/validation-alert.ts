import { endpoints } from "@storefront/domain/endpoints";
import type { CartAlert, CartState } from "./cart.tsx";
import { closingWords } from "./closing-choices.ts";
import type { useT } from "./i18n.ts";
import { formatPreorderTime } from "./preorder-time.ts";

/**
 * The alert a validation result calls for, most serious first: a hidden vendor or one closed for the
 * delivery time (the cart is emptied), every product gone (emptied), some products gone (removed),
 * an address outside the zone, a vendor closing before the order could arrive (with what to have
 * instead) unless the page says so already (`closingSaid`). A module of its own, loaded with the
 * cart's check as it opens, not with the page.
 */
export function validationAlert(
  cartState: CartState,
  t: ReturnType<typeof useT>,
  locale: string,
  closingSaid?: boolean,
): CartAlert | null {
  const { cart, validation } = cartState;
  if (!cart || !validation || validation.status === "SUCCESS") return null;
  const close = () => cartState.showAlert(null);
  const then = (action: () => Promise<unknown>) => async () => {
    close();
    await action();
  };
  const clear = then(() => cartState.change(endpoints.carts.clear(cart.cartId)));
  const cleanup = then(() => cartState.change(endpoints.carts.cleanup(cart.cartId)));
  const understood = { label: t("common.understood"), onClick: close };

  if (validation.invalidVendors.some((v) => v.status === "VENDOR_HIDDEN"))
    return {
      title: t("cart.alert.vendorHidden"),
      buttons: [{ label: t("common.understood"), onClick: clear }],
    };
  // Closed now but taking orders for later: the first time it can meet comes first, clearing second.
  const closed = validation.invalidVendors.find((vendor) => vendor.nextSlot !== null);
  if (closed?.nextSlot && validation.invalidVendors.length === 1) {
    const nextSlot = closed.nextSlot;
    const vendor = cart.vendorCarts.find((v) => v.vendorCartId === closed.vendorCartId)?.vendorName ?? "";
    return {
      title: t("cart.alert.vendorClosedNow", { vendor }),
      buttons: [
        {
          label: t("checkout.closing.later", { when: formatPreorderTime(nextSlot, locale) }),
          onClick: then(() =>
            cartState.change(endpoints.carts.update(cart.cartId), { preorderDateTime: nextSlot }),
          ),
        },
        { label: t("cart.alert.clearCart"), onClick: clear },
        { label: t("common.cancel"), onClick: close },
      ],
    };
  }
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
  // A preorder time no longer valid is reset and told by PreorderAlerts, which every page carries.
  if (validation.invalidLocation) return { title: t("cart.alert.invalidLocation"), buttons: [understood] };
  const [closing] = validation.closingBeforeArrival;
  if (closing && !closingSaid) {
    const { title, choices } = closingWords(closing, cart, cartState, t, locale);
    const [first, second] = choices.map((choice) => ({ label: choice.label, onClick: then(choice.choose) }));
    const cancel = { label: t("common.cancel"), onClick: close };
    return {
      title,
      buttons: first ? (second ? [first, second, cancel] : [first, cancel]) : [understood],
    };
  }
  return null;
}
