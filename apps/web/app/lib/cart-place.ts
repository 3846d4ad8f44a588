import { COURIER_DETAIL_FIELDS } from "@storefront/domain";
import type { DeliveryAddress } from "./storefront.server.ts";

/**
 * Where a cart delivers, as the cart API takes it: a saved address by its id, else its point, label
 * and what the guest typed for the courier.
 */
export function cartPlaceOf(address: DeliveryAddress) {
  return address.kind === "saved"
    ? { customerAddressId: address.id }
    : {
        location: {
          latitude: address.latitude,
          longitude: address.longitude,
          ...(address.label ? { formattedAddress: address.label } : {}),
          ...address.details,
        },
      };
}

/** Whether the cart already goes where the visitor wants delivery, details and all. */
export function cartGoesTo(
  cartAddress: { customerAddressId: number | null; latitude: number; longitude: number } & Partial<
    Record<keyof NonNullable<DeliveryAddress["details"]>, string | null>
  >,
  address: DeliveryAddress,
): boolean {
  if (address.kind === "saved") return cartAddress.customerAddressId === address.id;
  return (
    cartAddress.customerAddressId === null &&
    cartAddress.latitude === address.latitude &&
    cartAddress.longitude === address.longitude &&
    COURIER_DETAIL_FIELDS.every(
      (field) => (cartAddress[field] ?? null) === (address.details?.[field] ?? null),
    )
  );
}
