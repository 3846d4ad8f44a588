/**
 * A cart evaluated: priced, validated and its promo code checked, in one pass over one plain object.
 * The API loads the facts (the stored lines joined to the menu as it is now, the delivery estimates,
 * the locality's fees and taxes, the applied promo code) and answers what this returns.
 */
import {
  type CartItemFacts,
  type CartValidationFacts,
  type CartValidationResult,
  type VendorCartFacts,
  validateCart,
} from "./cart-validation.ts";
import {
  type CartPricing,
  type CartPricingInput,
  calculateCartPrices,
  checkPromoCode,
  type PromoCheckResult,
  type PromoCodeFacts,
  type PromoRule,
} from "./pricing.ts";

/** A line of a vendor cart: what validation checks and what pricing charges. */
export interface CartLineFacts extends CartItemFacts {
  count: number;
  /** One unit now, the product's discount taken off; 0 when the product is gone. */
  priceMinor: number;
  /** One unit before the product's discount; 0 when the product is gone. */
  originalPriceMinor: number;
  /** The chosen options, with what one unit of each costs now (0 for an option that is gone). */
  components: ReadonlyArray<{ optionId: number; count: number; priceMinor: number }>;
}

export interface VendorCartEvaluationFacts extends Omit<VendorCartFacts, "items" | "itemsTotalMinor"> {
  items: readonly CartLineFacts[];
  /** The vendor's delivery price to the cart's point; 0 when the vendor is gone. */
  deliveryFeeMinor: number;
}

export interface CartEvaluationFacts
  extends Omit<CartValidationFacts, "vendorCarts">,
    Omit<CartPricingInput, "vendorCarts" | "promo"> {
  vendorCarts: readonly VendorCartEvaluationFacts[];
  /** The locality's free delivery threshold, for every vendor cart; null: never free by amount. */
  freeDeliveryFromMinor: number | null;
  /** The cart's promo code as its rules see it; null when the cart has none. */
  promo: NonNullable<PromoCodeFacts["promo"]> | null;
  /** The ISO instant the promo code is checked at. */
  now: string;
}

export interface CartEvaluation {
  pricing: CartPricing;
  validation: CartValidationResult;
  /** Null when the cart has no promo code; the code discounts only when OK. */
  promoCheckResult: PromoCheckResult | null;
}

type LineFilter = (line: CartLineFacts, vendorCart: VendorCartEvaluationFacts) => boolean;

/** A line whose product and vendor still exist is charged for, unless validation found it invalid. */
const listed: LineFilter = (line, vendorCart) => vendorCart.vendor !== null && line.product !== null;

/**
 * Prices every listed line, validates the cart (a vendor cart's minimum order is checked against
 * that first total), checks the promo code against the total of the lines still valid, and prices
 * those lines again with the code's discount when it checks OK. Never changes `facts`.
 */
export function evaluateCart(facts: CartEvaluationFacts): CartEvaluation {
  const first = priceLines(facts, listed, null);
  const validation = validateCart({
    vendorCarts: facts.vendorCarts.map((vendorCart, i) => ({
      vendorCartId: vendorCart.vendorCartId,
      vendorId: vendorCart.vendorId,
      vendor: vendorCart.vendor,
      items: vendorCart.items,
      itemsTotalMinor: first.vendorCarts[i]?.itemsTotalMinor ?? 0,
      minOrderPriceMinor: vendorCart.minOrderPriceMinor,
    })),
    closingBeforeArrival: facts.closingBeforeArrival ?? [],
    preorder: facts.preorder,
    delivery: facts.delivery,
  });
  const invalid = new Set(validation.invalidProducts.map((p) => p.cartProductId));
  const valid: LineFilter = (line, vendorCart) =>
    listed(line, vendorCart) && !invalid.has(line.cartProductId);
  // The valid lines cost what the first pass found: no promo code changes the items total.
  const validTotalMinor = facts.vendorCarts.reduce(
    (total, vendorCart, i) =>
      vendorCart.items.reduce(
        (sum, line, j) =>
          valid(line, vendorCart) ? sum + (first.vendorCarts[i]?.items[j]?.totalMinor ?? 0) : sum,
        total,
      ),
    0,
  );
  const promoCheckResult =
    facts.promo === null
      ? null
      : checkPromoCode({
          promo: facts.promo,
          now: facts.now,
          cartTotalMinor: validTotalMinor,
          cartVendorIds: facts.vendorCarts.filter((v) => v.items.length > 0).map((v) => v.vendorId),
          receiptType: facts.receiptType,
        });
  const rule = promoCheckResult === "OK" && facts.promo ? facts.promo.rule : null;
  return { pricing: priceLines(facts, valid, rule), validation, promoCheckResult };
}

function priceLines(facts: CartEvaluationFacts, charged: LineFilter, promo: PromoRule | null): CartPricing {
  return calculateCartPrices({
    receiptType: facts.receiptType,
    vendorCarts: facts.vendorCarts.map((vendorCart) => ({
      key: vendorCart.vendorCartId,
      deliveryFeeMinor: vendorCart.deliveryFeeMinor,
      freeDeliveryFromMinor: facts.freeDeliveryFromMinor,
      items: vendorCart.items.map((line) => ({
        key: line.cartProductId,
        count: line.count,
        priceMinor: line.priceMinor,
        originalPriceMinor: line.originalPriceMinor,
        components: line.components.map((c) => ({ priceMinor: c.priceMinor, count: c.count })),
        valid: charged(line, vendorCart),
      })),
    })),
    promo,
    serviceFees: facts.serviceFees,
    taxes: facts.taxes,
    tipMinor: facts.tipMinor,
    loyalty: facts.loyalty ?? null,
  });
}
