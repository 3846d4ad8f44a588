import type { Cart, ValidateCartResult } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import type { CartState } from "./cart.tsx";
import type { useT } from "./i18n.ts";
import { formatPreorderTime } from "./preorder-time.ts";

export type ClosingNotice = ValidateCartResult["closingBeforeArrival"][number];

/**
 * What the checkout says when a vendor closes before an order now could arrive (issue 19): when it
 * closes and when the order would come, and what the customer can have instead: picking it up while
 * it is open, or the first time it can meet. Never a silent move to another day.
 */
export function closingWords(
  notice: ClosingNotice,
  cart: Pick<Cart, "cartId" | "receiptType" | "vendorCarts">,
  cartState: Pick<CartState, "change">,
  t: ReturnType<typeof useT>,
  locale: string,
): { title: string; choices: Array<{ label: string; choose: () => Promise<unknown> }> } {
  const vendor =
    cart.vendorCarts.find((vendorCart) => vendorCart.vendorCartId === notice.vendorCartId)?.vendorName ?? "";
  const values = { vendor, closesAt: notice.closesAt, arrivesAt: notice.arrivesAt };
  const title =
    cart.receiptType === "TAKEAWAY"
      ? t("checkout.closing.ready", values)
      : t("checkout.closing.arrives", values);
  const choices: Array<{ label: string; choose: () => Promise<unknown> }> = [];
  if (notice.takeawayReadyAt)
    choices.push({
      label: t("checkout.closing.pickUp", { time: notice.takeawayReadyAt }),
      choose: () => cartState.change(endpoints.carts.update(cart.cartId), { receiptType: "TAKEAWAY" }),
    });
  const nextSlot = notice.nextSlot;
  if (nextSlot)
    choices.push({
      label: t("checkout.closing.later", { when: formatPreorderTime(nextSlot, locale) }),
      choose: () => cartState.change(endpoints.carts.update(cart.cartId), { preorderDateTime: nextSlot }),
    });
  return { title, choices };
}
