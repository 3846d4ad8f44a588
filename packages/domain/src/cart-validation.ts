/**
 * Cart validation: what in a cart can no longer be ordered, and why. The API gathers the facts
 * (the products and vendors as they are now, the chosen time, the address) and these rules decide.
 */

export type CartValidationStatus =
  | "SUCCESS"
  | "VALIDATION_FAILED"
  | "SOMETHING_WENT_WRONG"
  | "ADDRESS_NOT_EXISTS"
  | "ADDRESS_NOT_CHOOSEN"
  | "CART_ID_NOT_FOUND"
  | "DEFAULT_NOT_SELECTED";

export type InvalidProductReason =
  | "PRODUCT_REMOVED"
  | "PRODUCT_HIDDEN"
  | "PRODUCT_NOT_AVAILABLE"
  | "PRODUCT_INVALID_DELIVERY_INTERVAL"
  | "OPTIONS_REMOVED";
export type InvalidComponentReason =
  | "REMOVED"
  | "INVALID_REQUIRED"
  | "INVALID_MULTI_SELECTION"
  | "COMPONENTS_NOT_AVAILABLE";
export type InvalidVendorReason = "VENDOR_HIDDEN" | "VENDOR_INVALID_DELIVERY_INTERVAL";

/** A product's option group as it is now. */
export interface OptionGroupFacts {
  id: number;
  required: boolean;
  multiSelection: boolean;
  maxCount: number;
  options: ReadonlyArray<{ id: number; available: boolean }>;
}

export interface CartItemFacts {
  cartProductId: number;
  productId: number;
  /** The options the customer chose: option id and units. */
  components: ReadonlyArray<{ optionId: number; count: number }>;
  /** Null when the product no longer exists (or moved to another vendor). */
  product: {
    visible: boolean;
    /** In stock. */
    available: boolean;
    /** Its section sells at the delivery time (ASAP: now). */
    sellsAtDeliveryTime: boolean;
    groups: readonly OptionGroupFacts[];
  } | null;
}

export interface VendorCartFacts {
  vendorCartId: number;
  vendorId: number;
  /** Null when the vendor no longer exists. */
  vendor: {
    visible: boolean;
    /** The vendor takes orders for the delivery time (ASAP: open now). */
    opensForDeliveryTime: boolean;
    /** When closed for an order now: the first slot it can meet with every dish sold (a local date-time). */
    nextSlot?: string | null;
  } | null;
  items: readonly CartItemFacts[];
  /** The vendor cart's valid items total and its minimum order, minor units. */
  itemsTotalMinor: number;
  minOrderPriceMinor: number;
}

/**
 * An order as soon as possible that the vendor could not finish before it closes (issue 19): when it
 * closes and when the order would arrive (local "HH:MM"), and what the customer can have instead:
 * picking it up by when it is ready, or the first slot the vendor can meet (a local date-time).
 */
export interface ClosingBeforeArrival {
  vendorCartId: number;
  closesAt: string;
  arrivesAt: string;
  takeawayReadyAt: string | null;
  nextSlot: string | null;
}

export interface CartValidationFacts {
  vendorCarts: readonly VendorCartFacts[];
  /** The vendor carts whose vendor closes before an order now could arrive; none for a preorder. */
  closingBeforeArrival?: readonly ClosingBeforeArrival[];
  /** Null for ASAP. Otherwise whether the preorder time is one of the slots. */
  preorder: { valid: boolean } | null;
  /** Null for takeaway. Otherwise whether the delivery point lies in the locality's delivery zone. */
  delivery: { insideZone: boolean } | null;
}

export interface InvalidComponent {
  /** The option id, or for INVALID_REQUIRED / INVALID_MULTI_SELECTION the group id. */
  componentId: number;
  groupId: number;
  reason: InvalidComponentReason;
}

export interface InvalidProduct {
  cartProductId: number;
  vendorCartId: number;
  productId: number;
  reason: InvalidProductReason;
  invalidComponents: InvalidComponent[];
}

export interface InvalidVendor {
  vendorCartId: number;
  vendorId: number;
  status: InvalidVendorReason;
  /** For a vendor closed at the delivery time: the first slot it can meet (a local date-time), if any. */
  nextSlot: string | null;
}

export interface CartValidationResult {
  status: CartValidationStatus;
  invalidProducts: InvalidProduct[];
  invalidVendors: InvalidVendor[];
  invalidDeliveryTime: boolean;
  /** The delivery point is outside the delivery zone (the INVALID_LOCATION alert). */
  invalidLocation: boolean;
  closingBeforeArrival: ClosingBeforeArrival[];
  /** Vendor carts whose valid items total is below the minimum order. */
  belowMinimum: Array<{ vendorCartId: number; minOrderPriceMinor: number; missingMinor: number }>;
}

/**
 * A vendor that is gone or hidden: VENDOR_HIDDEN. A vendor closed at the delivery time:
 * VENDOR_INVALID_DELIVERY_INTERVAL. A product that is gone: PRODUCT_REMOVED; hidden: PRODUCT_HIDDEN;
 * out of stock: PRODUCT_NOT_AVAILABLE; its section not selling at the time:
 * PRODUCT_INVALID_DELIVERY_INTERVAL; a chosen option or group that is gone, an unavailable option,
 * an empty required group or too many in a group: OPTIONS_REMOVED with the components at fault
 * (REMOVED, COMPONENTS_NOT_AVAILABLE, INVALID_REQUIRED, INVALID_MULTI_SELECTION). A vendor that
 * closes before the order could arrive fails the cart too (it is never placed for a time the vendor
 * cannot meet). Status SUCCESS
 * when nothing is wrong and no vendor cart is below its minimum, VALIDATION_FAILED otherwise.
 */
export function validateCart(facts: CartValidationFacts): CartValidationResult {
  const invalidVendors: InvalidVendor[] = [];
  const invalidProducts: InvalidProduct[] = [];
  const belowMinimum: CartValidationResult["belowMinimum"] = [];
  for (const cart of facts.vendorCarts) {
    const vendorReason = invalidVendorReasonOf(cart.vendor);
    if (vendorReason) {
      invalidVendors.push({
        vendorCartId: cart.vendorCartId,
        vendorId: cart.vendorId,
        status: vendorReason,
        nextSlot:
          vendorReason === "VENDOR_INVALID_DELIVERY_INTERVAL" ? (cart.vendor?.nextSlot ?? null) : null,
      });
    }
    // Items are checked even under an invalid vendor, so the customer sees every problem at once.
    for (const item of cart.items) {
      const invalid = invalidProductOf(item);
      if (invalid) {
        invalidProducts.push({
          cartProductId: item.cartProductId,
          vendorCartId: cart.vendorCartId,
          productId: item.productId,
          ...invalid,
        });
      }
    }
    if (cart.minOrderPriceMinor > 0 && cart.itemsTotalMinor < cart.minOrderPriceMinor) {
      belowMinimum.push({
        vendorCartId: cart.vendorCartId,
        minOrderPriceMinor: cart.minOrderPriceMinor,
        missingMinor: cart.minOrderPriceMinor - cart.itemsTotalMinor,
      });
    }
  }
  const invalidDeliveryTime = facts.preorder !== null && !facts.preorder.valid;
  const invalidLocation = facts.delivery !== null && !facts.delivery.insideZone;
  const closingBeforeArrival = [...(facts.closingBeforeArrival ?? [])];
  const valid =
    closingBeforeArrival.length === 0 &&
    invalidVendors.length === 0 &&
    invalidProducts.length === 0 &&
    belowMinimum.length === 0 &&
    !invalidDeliveryTime &&
    !invalidLocation;
  return {
    status: valid ? "SUCCESS" : "VALIDATION_FAILED",
    invalidProducts,
    invalidVendors,
    invalidDeliveryTime,
    invalidLocation,
    closingBeforeArrival,
    belowMinimum,
  };
}

function invalidVendorReasonOf(vendor: VendorCartFacts["vendor"]): InvalidVendorReason | null {
  if (!vendor?.visible) return "VENDOR_HIDDEN";
  if (!vendor.opensForDeliveryTime) return "VENDOR_INVALID_DELIVERY_INTERVAL";
  return null;
}

function invalidProductOf(
  item: CartItemFacts,
): { reason: InvalidProductReason; invalidComponents: InvalidComponent[] } | null {
  const { product } = item;
  if (!product) return { reason: "PRODUCT_REMOVED", invalidComponents: [] };
  if (!product.visible) return { reason: "PRODUCT_HIDDEN", invalidComponents: [] };
  if (!product.available) return { reason: "PRODUCT_NOT_AVAILABLE", invalidComponents: [] };
  if (!product.sellsAtDeliveryTime)
    return { reason: "PRODUCT_INVALID_DELIVERY_INTERVAL", invalidComponents: [] };
  const invalidComponents = invalidComponentsOf(item.components, product.groups);
  return invalidComponents.length > 0 ? { reason: "OPTIONS_REMOVED", invalidComponents } : null;
}

/**
 * Which chosen options do not fit a product's option groups: the one rule of "which options are
 * valid", for a cart line here, for a product being added (the API) and for the product modal (the
 * storefront). An option of none of the groups: REMOVED (group 0); one out of stock:
 * COMPONENTS_NOT_AVAILABLE; a required group with nothing chosen: INVALID_REQUIRED; more units in a
 * group than it takes (1 unless multi-selection): INVALID_MULTI_SELECTION. The faults of the chosen
 * options come first, in their order (one at most each), then the groups', in the groups' order.
 */
export function invalidComponentsOf(
  components: CartItemFacts["components"],
  groups: readonly OptionGroupFacts[],
): InvalidComponent[] {
  const invalid: InvalidComponent[] = [];
  for (const { optionId } of components) {
    const group = groups.find((g) => g.options.some((option) => option.id === optionId));
    const option = group?.options.find((o) => o.id === optionId);
    if (!group || !option) invalid.push({ componentId: optionId, groupId: 0, reason: "REMOVED" });
    else if (!option.available)
      invalid.push({ componentId: optionId, groupId: group.id, reason: "COMPONENTS_NOT_AVAILABLE" });
  }
  for (const group of groups) {
    const chosen = components.filter((c) => group.options.some((option) => option.id === c.optionId));
    const units = chosen.reduce((sum, c) => sum + c.count, 0);
    if (group.required && chosen.length === 0) {
      invalid.push({ componentId: group.id, groupId: group.id, reason: "INVALID_REQUIRED" });
    }
    if (units > (group.multiSelection ? group.maxCount : 1)) {
      invalid.push({ componentId: group.id, groupId: group.id, reason: "INVALID_MULTI_SELECTION" });
    }
  }
  return invalid;
}
