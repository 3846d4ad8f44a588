import type { Cart, ValidateCartResult } from "@storefront/domain/contract";
import { vi } from "vitest";
import type { CartState } from "./cart.tsx";

type InvalidLine = ValidateCartResult["invalidProducts"][number];

/** Test fixtures of the cart alerts' tests: a cart state with one vendor cart of numbered lines. */
export const validCart: ValidateCartResult = {
  status: "SUCCESS",
  invalidProducts: [],
  invalidVendors: [],
  invalidDeliveryTime: false,
  invalidLocation: false,
  closingBeforeArrival: [],
  belowMinimum: [],
};

/** A line of vendor cart 7 found invalid for the reason. */
export function invalidLine(cartProductId: number, reason: InvalidLine["reason"]): InvalidLine {
  return { cartProductId, vendorCartId: 7, productId: 100 + cartProductId, reason, invalidComponents: [] };
}

export function cartStateWith(
  validation: Partial<ValidateCartResult>,
  options: { lines: number; preorderDateTime?: string | null },
) {
  const change = vi.fn(async () => ({ ok: true as const, body: null as never }));
  const showAlert = vi.fn();
  const cart = {
    cartId: "c1",
    preorderDateTime: options.preorderDateTime ?? null,
    vendorCarts: [
      { vendorCartId: 7, items: Array.from({ length: options.lines }, (_, i) => ({ cartProductId: i + 1 })) },
    ],
  } as unknown as Cart;
  const state = {
    cart,
    validation: { ...validCart, status: "VALIDATION_FAILED", ...validation },
    pending: false,
    change,
    add: vi.fn(),
    removeLocalCart: vi.fn(),
    showAlert,
  } as unknown as CartState;
  return { state, change, showAlert };
}
