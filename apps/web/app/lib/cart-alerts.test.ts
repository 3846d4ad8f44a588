import type { Cart, ErrorName, ValidateCartResult } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import {
  cartFailureOutcome,
  deliveryPriceAlert,
  resetInvalidPreorderTime,
  validationAlert,
} from "./cart-alerts.ts";
import { cartStateWith, invalidLine, validCart } from "./cart-state.fixture.ts";
import type { useT } from "./i18n.ts";

const t = ((key: string) => key) as unknown as ReturnType<typeof useT>;

const valid = validCart;
const stateWith = (validation: Partial<ValidateCartResult>, lines = 2) =>
  cartStateWith(validation, { lines });

const product = (cartProductId: number) => invalidLine(cartProductId, "PRODUCT_HIDDEN");

describe("validationAlert", () => {
  it("says nothing about a valid cart", () => {
    expect(validationAlert({ ...stateWith({}).state, validation: valid }, t, "en")).toBeNull();
  });

  it.each([
    [
      {
        invalidVendors: [{ vendorCartId: 7, vendorId: 3, status: "VENDOR_HIDDEN" as const, nextSlot: null }],
      },
      "cart.alert.vendorHidden",
      "PUT",
      "/carts/c1/clear",
    ],
    [
      {
        invalidVendors: [
          {
            vendorCartId: 7,
            vendorId: 3,
            status: "VENDOR_INVALID_DELIVERY_INTERVAL" as const,
            nextSlot: null,
          },
        ],
      },
      "cart.alert.vendorInvalidTime",
      "PUT",
      "/carts/c1/clear",
    ],
    [{ invalidProducts: [product(1), product(2)] }, "cart.alert.fullCartInvalid", "PUT", "/carts/c1/clear"],
    [{ invalidProducts: [product(1)] }, "cart.alert.invalidProducts", "POST", "/carts/c1/cleanup"],
  ])("%j → %s, whose confirm sends %s %s", async (validation, title, method, path) => {
    const { state, change, showAlert } = stateWith(validation);
    const alert = validationAlert(state, t, "en");
    expect(alert?.title).toBe(title);
    await alert?.buttons[0].onClick();
    expect(showAlert).toHaveBeenCalledWith(null);
    expect(change).toHaveBeenCalledWith({ method, path });
  });

  it("leaves a delivery time no longer valid to the preorder alerts, which reset it first", () => {
    expect(validationAlert(stateWith({ invalidDeliveryTime: true }).state, t, "en")).toBeNull();
  });

  it("only explains an address outside the zone", async () => {
    const { state, change } = stateWith({ invalidLocation: true });
    const alert = validationAlert(state, t, "en");
    expect(alert?.title).toBe("cart.alert.invalidLocation");
    await alert?.buttons[0].onClick();
    expect(change).not.toHaveBeenCalled();
  });

  it("offers a vendor closing before the order could arrive as a pickup or a later delivery", async () => {
    const notice = {
      vendorCartId: 7,
      closesAt: "22:00",
      arrivesAt: "22:20",
      takeawayReadyAt: "21:55",
      nextSlot: "2026-11-24T11:00:00",
    };
    const { state, change } = stateWith({ status: "VALIDATION_FAILED", closingBeforeArrival: [notice] });
    const alert = validationAlert(state, t, "en");
    expect(alert?.title).toBe("checkout.closing.arrives");
    expect(alert?.buttons.map((button) => button.label)).toEqual([
      "checkout.closing.pickUp",
      "checkout.closing.later",
      "common.cancel",
    ]);
    await alert?.buttons[0].onClick();
    expect(change).toHaveBeenLastCalledWith(
      { method: "PUT", path: "/carts/c1" },
      { receiptType: "TAKEAWAY" },
    );
    await alert?.buttons[1]?.onClick();
    expect(change).toHaveBeenLastCalledWith(
      { method: "PUT", path: "/carts/c1" },
      { preorderDateTime: "2026-11-24T11:00:00" },
    );

    const closedAllDay = stateWith({
      status: "VALIDATION_FAILED",
      closingBeforeArrival: [{ ...notice, takeawayReadyAt: null, nextSlot: null }],
    });
    expect(validationAlert(closedAllDay.state, t, "en")?.buttons.map((b) => b.label)).toEqual([
      "common.understood",
    ]);
  });

  it("offers a vendor closed now the first time it can meet, and clearing the cart second", async () => {
    const { state, change } = stateWith({
      invalidVendors: [
        {
          vendorCartId: 7,
          vendorId: 3,
          status: "VENDOR_INVALID_DELIVERY_INTERVAL",
          nextSlot: "2026-11-24T07:30:00",
        },
      ],
    });
    const alert = validationAlert(state, t, "en");
    expect(alert?.title).toBe("cart.alert.vendorClosedNow");
    expect(alert?.buttons.map((button) => button.label)).toEqual([
      "checkout.closing.later",
      "cart.alert.clearCart",
      "common.cancel",
    ]);
    await alert?.buttons[0].onClick();
    expect(change).toHaveBeenLastCalledWith(
      { method: "PUT", path: "/carts/c1" },
      { preorderDateTime: "2026-11-24T07:30:00" },
    );
    await alert?.buttons[1]?.onClick();
    expect(change).toHaveBeenLastCalledWith({ method: "PUT", path: "/carts/c1/clear" });
  });

  it("puts a hidden vendor before invalid products", () => {
    const { state } = stateWith({
      invalidVendors: [{ vendorCartId: 7, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
      invalidProducts: [product(1)],
    });
    expect(validationAlert(state, t, "en")?.title).toBe("cart.alert.vendorHidden");
  });
});

describe("cartFailureOutcome", () => {
  const failed = (status: number, type?: ErrorName) =>
    ({
      ok: false,
      status,
      error: type ? { status, type, message: "" } : null,
    }) as const;

  it.each([
    ["a success", { ok: true, body: null } as const, [], "done"],
    ["a missing cart", failed(404, "CartNotFoundException"), [], "forget-cart"],
    ["a server error", failed(500, "InternalServerException"), [], "error-alert"],
    ["no answer at all", failed(0), [], "error-alert"],
    ["a refused count", failed(400, "ValidationException"), [], "error-alert"],
    ["a refused tip", failed(400, "TipsDisabledException"), [], "error-alert"],
    ["an expected promo code refusal", failed(400, "PromoCodeException"), ["PromoCodeException"], "caller"],
    [
      "an unexpected one beside it",
      failed(400, "ValidationException"),
      ["PromoCodeException"],
      "error-alert",
    ],
    ["a 500 named like an expected one", failed(500), ["PromoCodeException"], "error-alert"],
  ] as const)("%s → %s", (_name, sent, expected, outcome) => {
    expect(cartFailureOutcome(sent, expected)).toBe(outcome);
  });
});

describe("deliveryPriceAlert", () => {
  const cart = (deliveryTotal: number, amountToGetFreeDelivery: number | null, receiptType = "DELIVERY") =>
    ({ receiptType, prices: { deliveryTotal, amountToGetFreeDelivery } }) as unknown as Cart;

  it.each([
    ["takeaway", cart(0, null, "TAKEAWAY"), 0, null],
    ["a free delivery", cart(0, null), 0, { kind: "FREE_DELIVERY" }],
    ["a delivery made free by a promo code", cart(2.5, 10), 2.5, { kind: "FREE_DELIVERY" }],
    [
      "a paid delivery short of free",
      cart(2.5, 12.4),
      0,
      { kind: "PAY_DELIVERY", cost: 2.5, missingForFree: 12.4 },
    ],
    [
      "a paid delivery with no free amount",
      cart(2.5, null),
      0,
      { kind: "PAY_DELIVERY", cost: 2.5, missingForFree: null },
    ],
  ] as const)("%s", (_name, input, promo, expected) => {
    expect(deliveryPriceAlert(input, promo)).toEqual(expected);
  });
});

describe("resetInvalidPreorderTime", () => {
  it("puts a preorder time the check refused back to as soon as possible, at once", async () => {
    const invalid = cartStateWith(
      { invalidDeliveryTime: true },
      { lines: 1, preorderDateTime: "2026-11-25T12:00:00" },
    );
    expect(await resetInvalidPreorderTime(invalid.state)).toBe(true);
    expect(invalid.change).toHaveBeenCalledWith(
      { method: "PUT", path: "/carts/c1" },
      { preorderDateTime: null },
    );
  });

  it("leaves a valid time, and an as-soon-as-possible cart, alone", async () => {
    const valid = cartStateWith({}, { lines: 1, preorderDateTime: "2026-11-25T12:00:00" });
    const asap = cartStateWith({ invalidDeliveryTime: true }, { lines: 1 });
    expect(await resetInvalidPreorderTime({ ...valid.state, validation: validCart })).toBe(false);
    expect(await resetInvalidPreorderTime(asap.state)).toBe(false);
    expect(valid.change).not.toHaveBeenCalled();
    expect(asap.change).not.toHaveBeenCalled();
  });
});
