import type { ValidateCartResult } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { cartStateWith, invalidLine, validCart } from "./cart-state.fixture.ts";
import type { useT } from "./i18n.ts";
import { validationAlert } from "./validation-alert.ts";

const t = ((key: string) => key) as unknown as ReturnType<typeof useT>;

const valid = validCart;
const stateWith = (validation: Partial<ValidateCartResult>, lines = 2) =>
  cartStateWith(validation, { lines });

const product = (cartProductId: number) => invalidLine(cartProductId, "PRODUCT_HIDDEN");

/** A vendor closing at 22:00, before an order now could come at 22:20. */
const closingNotice = {
  vendorCartId: 7,
  closesAt: "22:00",
  arrivesAt: "22:20",
  takeawayReadyAt: "21:55",
  nextSlot: "2026-11-24T11:00:00",
};

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
    const notice = closingNotice;
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

  it("leaves a closing to a page that says it already, and still tells what comes before it", () => {
    const notice = closingNotice;
    const closing = stateWith({ status: "VALIDATION_FAILED", closingBeforeArrival: [notice] });
    expect(validationAlert(closing.state, t, "en", true)).toBeNull();
    const alsoOutside = stateWith({
      status: "VALIDATION_FAILED",
      invalidLocation: true,
      closingBeforeArrival: [notice],
    });
    expect(validationAlert(alsoOutside.state, t, "en", true)?.title).toBe("cart.alert.invalidLocation");
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
