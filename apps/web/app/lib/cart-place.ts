import type { DeliveryAddress } from "./storefront.server.ts";

/** Where a cart delivers, as the cart API takes it: a saved address by its id, else its point and label. */
export function cartPlaceOf(address: DeliveryAddress) {
  return address.kind === "saved"
    ? { customerAddressId: address.id }
    : {
        location: {
          latitude: address.latitude,
          longitude: address.longitude,
          ...(address.label ? { formattedAddress: address.label } : {}),
        },
      };
}
