import type { Cart } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect } from "react";
import type { CartState } from "./cart.tsx";

/** The cart looks at its cutlery this long after it shows (ordering-flow section 9). */
export const CUTLERY_CHECK_DELAY_MS = 100;

/**
 * The vendor carts that hold cutlery their vendor does not give (its setting changed since): they are
 * set back to 0 (section 4).
 */
export function vendorCartsWithRefusedCutlery(cart: Pick<Cart, "vendorCarts"> | null): string[] {
  return (cart?.vendorCarts ?? [])
    .filter((vendorCart) => !vendorCart.allowsCutlery && vendorCart.cutlery > 0)
    .map((vendorCart) => String(vendorCart.vendorCartId));
}

/** Sets those vendor carts' cutlery to 0, 100 ms after the cart shows with them. */
export function useCutleryCheck(cartState: CartState): void {
  const refused = vendorCartsWithRefusedCutlery(cartState.cart).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: once for each set of refused carts
  useEffect(() => {
    if (!refused) return;
    const timer = window.setTimeout(() => {
      for (const vendorCartId of refused.split(","))
        void cartState.change(endpoints.carts.cutlery(vendorCartId), { cutlery: 0 });
    }, CUTLERY_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [refused]);
}
