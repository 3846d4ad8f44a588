/**
 * The map alerts of a chosen delivery point (section 8: INVALID_LOCATION, INVALID_VENDOR_LOCATION;
 * ERROR is the storefront's own when the check cannot be made). A vendor delivers within its
 * locality's delivery zone, so the cart's vendors do not deliver to a point that lies only in the
 * zones of other localities.
 */
export type DeliveryPointStatus = "OK" | "INVALID_LOCATION" | "INVALID_VENDOR_LOCATION";

export function checkDeliveryPoint(input: {
  /** The codes of the localities whose delivery zone holds the point. */
  coveringLocalities: readonly string[];
  /** The locality of the customer's cart, null without a cart. */
  cartLocality: string | null;
  /** Whether that cart holds any vendor's products. */
  cartHasVendors: boolean;
}): DeliveryPointStatus {
  const { coveringLocalities, cartLocality, cartHasVendors } = input;
  if (coveringLocalities.length === 0) return "INVALID_LOCATION";
  if (cartLocality !== null && cartHasVendors && !coveringLocalities.includes(cartLocality))
    return "INVALID_VENDOR_LOCATION";
  return "OK";
}
