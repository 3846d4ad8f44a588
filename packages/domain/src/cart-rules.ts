/** Small cart rules shared by the API and the storefront. */

import { toMinorUnits } from "./money.ts";

export const CART_ITEM_MAX_COUNT = 99;
export const CART_COMMENT_MAX_LENGTH = 300;
/** Latin, Cyrillic letters and digits, up to 20. */
export const PROMO_CODE_PATTERN = /^[A-Za-z\u0400-\u04FF0-9]{1,20}$/u;
/** The spec's message for a code outside the pattern (foundations §3), as the API answers it. */
export const PROMO_CODE_FORMAT_MESSAGE =
  "Promo code must consist of Cyrillic / Latin / numbers and be up to 20 characters";

/** Two lines of the same product merge when their options are the same: this key says so. */
export function optionsKeyOf(components: ReadonlyArray<{ id: number; count: number }>): string {
  return [...components]
    .sort((a, b) => a.id - b.id)
    .map((c) => `${c.id}x${c.count}`)
    .join(",");
}

/**
 * Adding a product straight from the catalogue (section 5): a required group means the product must
 * be opened to choose (DEFAULT_NOT_SELECTED); a multi-selection group with a maximum of one fails
 * (VALIDATION_FAILED); otherwise one unit without options goes in.
 */
export function quickAddProblem(product: {
  componentGroups: ReadonlyArray<{ required: boolean; multiSelection: boolean; maxCount: number }>;
}): "DEFAULT_NOT_SELECTED" | "VALIDATION_FAILED" | null {
  if (product.componentGroups.some((g) => g.required)) return "DEFAULT_NOT_SELECTED";
  if (product.componentGroups.some((g) => g.multiSelection && g.maxCount === 1)) return "VALIDATION_FAILED";
  return null;
}

/**
 * Without a cart, what stops one from being made (section 5): no saved address and no temporary
 * one: ADDRESS_NOT_EXISTS; saved addresses but none chosen: ADDRESS_NOT_CHOOSEN; else the cart can be
 * created (CART_ID_NOT_FOUND is what the storefront then reports while it creates one).
 */
export function missingAddressStatus(input: {
  savedAddresses: number;
  addressChosen: boolean;
  temporaryAddress: boolean;
}): "ADDRESS_NOT_EXISTS" | "ADDRESS_NOT_CHOOSEN" | null {
  if (input.addressChosen || input.temporaryAddress) return null;
  return input.savedAddresses === 0 ? "ADDRESS_NOT_EXISTS" : "ADDRESS_NOT_CHOOSEN";
}

/** A cutlery count kept within 0 and the vendor's maximum (null: none). */
export function clampCutlery(count: number, max: number | null): number {
  const floor = Math.max(0, Math.trunc(count));
  return max === null ? floor : Math.min(floor, max);
}

/**
 * The add-item payload's `checkInfo.price` (ordering-flow §3) is the unit price, options included,
 * the customer saw when adding. True when the server's price now is another: the customer is asked
 * before the product goes in at it (decision 0166). No price seen (an older client, a reorder): no check.
 */
export function seenPriceChanged(seen: number | undefined, nowMinor: number, currencyCode: string): boolean {
  return seen !== undefined && toMinorUnits(seen, currencyCode) !== nowMinor;
}

/** One unit of a product with its options, in minor units. */
export function unitPriceMinor(unit: {
  priceMinor: number;
  components: ReadonlyArray<{ priceMinor: number; count: number }>;
}): number {
  return unit.priceMinor + unit.components.reduce((sum, c) => sum + c.priceMinor * c.count, 0);
}
