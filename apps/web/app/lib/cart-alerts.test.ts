import type { Cart, ErrorName } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { cartFailureOutcome, deliveryPriceAlert, resetInvalidPreorderTime } from "./cart-alerts.ts";
import { cartStateWith, validCart } from "./cart-state.fixture.ts";

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
