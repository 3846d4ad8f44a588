import type { Cart, ValidateCartResult } from "@storefront/domain/contract";
import { describe, expect, it, vi } from "vitest";
import type { CartState } from "./cart.tsx";
import { validationAlert } from "./cart-alerts.ts";
import type { useT } from "./i18n.ts";

const t = ((key: string) => key) as unknown as ReturnType<typeof useT>;

const valid: ValidateCartResult = {
  status: "SUCCESS",
  invalidProducts: [],
  invalidVendors: [],
  invalidDeliveryTime: false,
  invalidLocation: false,
  belowMinimum: [],
};

function stateWith(validation: Partial<ValidateCartResult>, lines = 2) {
  const change = vi.fn(async () => ({ ok: true as const, body: null as never }));
  const showAlert = vi.fn();
  const cart = {
    cartId: "c1",
    vendorCarts: [
      { vendorCartId: 7, items: Array.from({ length: lines }, (_, i) => ({ cartProductId: i + 1 })) },
    ],
  } as unknown as Cart;
  const state = {
    cart,
    validation: { ...valid, status: "VALIDATION_FAILED", ...validation },
    pending: false,
    change,
    add: vi.fn(),
    removeLocalCart: vi.fn(),
    showAlert,
  } as unknown as CartState;
  return { state, change, showAlert };
}

const product = (cartProductId: number) => ({
  cartProductId,
  vendorCartId: 7,
  productId: 100 + cartProductId,
  reason: "PRODUCT_HIDDEN" as const,
  invalidComponents: [],
});

describe("validationAlert", () => {
  it("says nothing about a valid cart", () => {
    expect(validationAlert({ ...stateWith({}).state, validation: valid }, t)).toBeNull();
  });

  it.each([
    [
      { invalidVendors: [{ vendorCartId: 7, vendorId: 3, status: "VENDOR_HIDDEN" as const }] },
      "cart.alert.vendorHidden",
      "PUT",
      "/carts/c1/clear",
    ],
    [
      {
        invalidVendors: [
          { vendorCartId: 7, vendorId: 3, status: "VENDOR_INVALID_DELIVERY_INTERVAL" as const },
        ],
      },
      "cart.alert.vendorInvalidTime",
      "PUT",
      "/carts/c1/clear",
    ],
    [{ invalidProducts: [product(1), product(2)] }, "cart.alert.fullCartInvalid", "PUT", "/carts/c1/clear"],
    [{ invalidProducts: [product(1)] }, "cart.alert.invalidProducts", "POST", "/carts/c1/cleanup"],
    [{ invalidDeliveryTime: true }, "cart.alert.invalidDeliveryTime", "POST", "/carts/c1/cleanup"],
  ])("%j → %s, whose confirm sends %s %s", async (validation, title, method, path) => {
    const { state, change, showAlert } = stateWith(validation);
    const alert = validationAlert(state, t);
    expect(alert?.title).toBe(title);
    await alert?.buttons[0].onClick();
    expect(showAlert).toHaveBeenCalledWith(null);
    expect(change).toHaveBeenCalledWith(method, path);
  });

  it("only explains an address outside the zone", async () => {
    const { state, change } = stateWith({ invalidLocation: true });
    const alert = validationAlert(state, t);
    expect(alert?.title).toBe("cart.alert.invalidLocation");
    await alert?.buttons[0].onClick();
    expect(change).not.toHaveBeenCalled();
  });

  it("puts a hidden vendor before invalid products", () => {
    const { state } = stateWith({
      invalidVendors: [{ vendorCartId: 7, vendorId: 3, status: "VENDOR_HIDDEN" }],
      invalidProducts: [product(1)],
    });
    expect(validationAlert(state, t)?.title).toBe("cart.alert.vendorHidden");
  });
});
