import { describe, expect, it } from "vitest";
import { vendorCartsWithRefusedCutlery } from "./cutlery-check.ts";

const vendorCart = (vendorCartId: number, allowsCutlery: boolean, cutlery: number) => ({
  vendorCartId,
  allowsCutlery,
  cutlery,
});

describe("the cutlery check", () => {
  it("names the vendor carts holding cutlery their vendor does not give", () => {
    const cart = {
      vendorCarts: [vendorCart(11, false, 2), vendorCart(12, true, 3), vendorCart(13, false, 0)],
    } as unknown as Parameters<typeof vendorCartsWithRefusedCutlery>[0];
    expect(vendorCartsWithRefusedCutlery(cart)).toEqual(["11"]);
  });

  it("has nothing to do without a cart or with cutlery the vendors give", () => {
    expect(vendorCartsWithRefusedCutlery(null)).toEqual([]);
    const cart = { vendorCarts: [vendorCart(12, true, 3)] } as unknown as Parameters<
      typeof vendorCartsWithRefusedCutlery
    >[0];
    expect(vendorCartsWithRefusedCutlery(cart)).toEqual([]);
  });
});
