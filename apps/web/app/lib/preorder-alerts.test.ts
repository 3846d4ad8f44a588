import type { ValidateCartResult } from "@storefront/domain/contract";
import { describe, expect, it, vi } from "vitest";
import { preorderAlert } from "./cart-alerts.ts";
import { cartStateWith, invalidLine, validCart } from "./cart-state.fixture.ts";
import type { useT } from "./i18n.ts";

/** The key and its values, so a test sees which text and which count an alert shows. */
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as ReturnType<typeof useT>;

const valid = validCart;
const atTime = (cartProductId: number) => invalidLine(cartProductId, "PRODUCT_INVALID_DELIVERY_INTERVAL");

function stateWith(validation: Partial<ValidateCartResult>, preorderDateTime: string | null, lines = 3) {
  const options = { when: "Wed, 25 Nov, 12:00", chooseTime: vi.fn(), changed: vi.fn() };
  return { ...cartStateWith(validation, { lines, preorderDateTime }), options };
}

const TOMORROW = "2026-11-25T12:00:00";

describe("preorderAlert", () => {
  it("says nothing for an as-soon-as-possible cart or a valid one", () => {
    const asap = stateWith({ invalidDeliveryTime: true }, null);
    expect(preorderAlert(asap.state, t, asap.options)).toBeNull();
    const fine = stateWith({}, TOMORROW);
    expect(preorderAlert({ ...fine.state, validation: valid }, t, fine.options)).toBeNull();
    const hidden = stateWith({ invalidProducts: [{ ...atTime(1), reason: "PRODUCT_HIDDEN" }] }, TOMORROW);
    expect(preorderAlert(hidden.state, t, hidden.options)).toBeNull();
  });

  it("tells that a time no longer valid was reset, and offers to choose another", async () => {
    const { state, change, options } = stateWith({ invalidDeliveryTime: true }, TOMORROW);
    const alert = preorderAlert(state, t, options);
    expect(alert?.title).toBe("cart.alert.invalidDeliveryTime");
    expect(alert?.message).toContain("Wed, 25 Nov, 12:00");
    expect(alert?.buttons.map((button) => button.label)).toEqual([
      "common.understood",
      "cart.alert.chooseAnotherTime",
    ]);
    await alert?.buttons[0].onClick();
    expect(change).not.toHaveBeenCalled();
    alert?.buttons[1]?.onClick();
    expect(options.chooseTime).toHaveBeenCalled();
  });

  it("counts the goods not sold at the chosen time and removes them on request", async () => {
    const { state, change, options } = stateWith(
      { invalidProducts: [atTime(1), atTime(2), { ...atTime(3), reason: "PRODUCT_HIDDEN" }] },
      TOMORROW,
      4,
    );
    const alert = preorderAlert(state, t, options);
    expect(alert?.title).toBe('cart.alert.unavailableAtTime {"count":2,"when":"Wed, 25 Nov, 12:00"}');
    await alert?.buttons[0].onClick();
    expect(change).toHaveBeenCalledWith({ method: "POST", path: "/carts/c1/cleanup" }, undefined);
  });

  it("offers to delete the cart when nothing in it is sold at the chosen time", async () => {
    const { state, change, options } = stateWith({ invalidProducts: [atTime(1), atTime(2)] }, TOMORROW, 2);
    const alert = preorderAlert(state, t, options);
    expect(alert?.title).toBe('cart.alert.deleteCartForTime {"when":"Wed, 25 Nov, 12:00"}');
    await alert?.buttons[0].onClick();
    expect(change).toHaveBeenCalledWith({ method: "PUT", path: "/carts/c1/clear" }, undefined);
  });
});
