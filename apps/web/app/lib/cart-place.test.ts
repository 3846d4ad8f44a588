import { courierDetailsOf } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { cartGoesTo, cartPlaceOf } from "./cart-place.ts";
import type { DeliveryAddress } from "./storefront.server.ts";

const point = { latitude: 56.95, longitude: 24.1 };
const guest: DeliveryAddress = {
  kind: "temporary",
  id: null,
  ...point,
  label: "Brīvības iela 1, Rīga",
  demoPromo: false,
  details: courierDetailsOf({ apartmentNumber: "12", comment: "Blue door" }),
};
const saved: DeliveryAddress = { ...guest, kind: "saved", id: 7, details: null };

describe("cartPlaceOf", () => {
  it("sends a saved address by its id, and a guest's point with its street and details", () => {
    expect(cartPlaceOf(saved)).toEqual({ customerAddressId: 7 });
    expect(cartPlaceOf(guest)).toEqual({
      location: {
        ...point,
        formattedAddress: "Brīvības iela 1, Rīga",
        apartmentNumber: "12",
        entrance: null,
        floor: null,
        intercom: null,
        comment: "Blue door",
      },
    });
  });
});

describe("cartGoesTo", () => {
  const cart = { customerAddressId: null, ...point, apartmentNumber: "12", comment: "Blue door" };
  it.each([
    ["the same point and details", cart, guest, true],
    [
      "a cart of before, without details, for a guest with none",
      { customerAddressId: null, ...point },
      { ...guest, details: null },
      true,
    ],
    ["the same point with another apartment", { ...cart, apartmentNumber: "14" }, guest, false],
    ["another point", { ...cart, latitude: 56.96 }, guest, false],
    ["the saved address chosen", { ...cart, customerAddressId: 7 }, saved, true],
    ["another saved address", { ...cart, customerAddressId: 8 }, saved, false],
  ])("%s: %s", (_, cartAddress, address, expected) => {
    expect(cartGoesTo(cartAddress, address)).toBe(expected);
  });
});
