/**
 * Cart pricing: every amount is an integer in minor units of the locality's currency (cents, fils).
 * The API loads the facts (product prices, the vendor's delivery fee for the customer's point, the
 * locality's fees and taxes, the promo code) and calls these functions; the client shows the result.
 */

import { type LoyaltyProgramme, pointsDiscount } from "./loyalty.ts";
import { mulDivFloor, mulDivRoundHalfUp } from "./money.ts";

export type ReceiptType = "DELIVERY" | "TAKEAWAY";
export type PromoType = "FIXED" | "PERCENT" | "FREE_DELIVERY";
export type PromoCheckResult = "DOES_NOT_APPLY" | "NOT_FOUND" | "OK" | "OUTDATED" | "UTILIZED";

export interface PricedComponentInput {
  /** Price of one unit of the option. */
  priceMinor: number;
  /** Units of the option per product unit (usually 1). */
  count: number;
}

export interface PricedItemInput {
  /** Caller's id for the line (the cart product id). */
  key: number;
  count: number;
  /** What one unit costs now (the discounted price when the product is discounted). */
  priceMinor: number;
  /** One unit before the product's discount; equal to priceMinor when not discounted. */
  originalPriceMinor: number;
  components: readonly PricedComponentInput[];
  /** An invalid line (removed, hidden, unavailable…) stays in the cart but is not charged. */
  valid: boolean;
}

export interface VendorCartPricingInput {
  /** Caller's id for the vendor cart. */
  key: number;
  items: readonly PricedItemInput[];
  /** The vendor's delivery price to the customer's point. */
  deliveryFeeMinor: number;
  /** Delivery is free once the vendor cart's items reach this total; null: never free by amount. */
  freeDeliveryFromMinor: number | null;
}

export interface PromoRule {
  type: PromoType;
  /** FIXED: amount off in minor units; PERCENT: whole percent off the items (1–100); FREE_DELIVERY: 0. */
  value: number;
  /** The items total the promo code needs; below it the code does not apply. */
  minCartTotalMinor: number;
  /** Upper bound of a PERCENT discount; null for none. */
  maxDiscountMinor: number | null;
}

export interface ServiceFeeRule {
  /** Null: the storefront shows its "service fee" label. */
  name: string | null;
  description: string | null;
  fixedMinor: number;
  /** Part of the items total, in basis points (150 = 1.5 %). */
  basisPoints: number;
}

export interface TaxRule {
  /** A tax without a name is computed but not shown as a row. */
  name: string | null;
  /** Rate in basis points (2100 = 21 %). */
  rateBasisPoints: number;
  /** Included in the prices (VAT in the EU): shown, not added. Otherwise added to the final total. */
  included: boolean;
}

export interface CartPricingInput {
  receiptType: ReceiptType;
  vendorCarts: readonly VendorCartPricingInput[];
  /** The applied promo code's rule, when its check result is OK. */
  promo: PromoRule | null;
  serviceFees: readonly ServiceFeeRule[];
  taxes: readonly TaxRule[];
  tipMinor: number;
  /**
   * The points the customer spends on the cart, when they asked to: their balance in the city and
   * its programme (`pointsDiscount` decides how many). Absent or null: none.
   */
  loyalty?: { programme: LoyaltyProgramme; balance: number } | null;
}

export interface ItemPrice {
  key: number;
  /** One unit with its options. */
  unitPriceMinor: number;
  unitOriginalPriceMinor: number;
  /** unitPriceMinor × count; 0 for an invalid line. */
  totalMinor: number;
  /** Whole percent the product's discount takes off, 0 when none. */
  discountPercent: number;
}

export interface VendorCartPrice {
  key: number;
  items: ItemPrice[];
  /** Sum of the valid lines. */
  itemsTotalMinor: number;
  /** The same lines before product discounts. */
  originalTotalMinor: number;
  /** The delivery price this vendor cart pays: 0 for takeaway or past the free-delivery threshold. */
  deliveryCostMinor: number;
  /**
   * What is still missing for free delivery; null when free delivery does not apply, is reached, or
   * the vendor delivers for free anyway.
   */
  amountToGetFreeDeliveryMinor: number | null;
}

/** A line that takes off the cart's price: a promo code's, or the points the customer spends. */
export type CartDiscount =
  | { type: "PROMOCODE"; promoType: PromoType; discountTotal: number }
  | { type: "LOYALTY"; points: number; discountTotal: number };

/** Whether a discount line takes off the delivery (a FREE_DELIVERY promo code) rather than the goods. */
export function takesOffDelivery(
  discount: { type: "PROMOCODE"; promoType: PromoType } | { type: "LOYALTY" },
): boolean {
  return discount.type === "PROMOCODE" && discount.promoType === "FREE_DELIVERY";
}

/**
 * What points may pay for: the goods, less the promo codes' discounts on them (a free delivery
 * takes nothing off the goods). Minor units.
 */
export function goodsAfterPromo(cartTotal: number, discounts: readonly CartDiscount[]): number {
  const promoOnGoods = sum(
    discounts.map((d) => (d.type === "PROMOCODE" && !takesOffDelivery(d) ? d.discountTotal : 0)),
  );
  return cartTotal - promoOnGoods;
}

export interface CartPrices {
  /** Items of every vendor cart, after product discounts. */
  cartTotal: number;
  /** Items before product discounts. */
  originalTotal: number;
  /** Delivery of every vendor cart, before a FREE_DELIVERY promo code. */
  deliveryTotal: number;
  fees: Array<{ name: string | null; description: string | null; amount: number }>;
  feesTotal: number;
  taxes: Array<{ name: string | null; rateBasisPoints: number; included: boolean; amount: number }>;
  /** Sum of every tax, included or not. */
  taxTotal: number;
  discounts: CartDiscount[];
  discountTotal: number;
  tipAmount: number;
  /** Of the first vendor cart still short of free delivery; null when none is. */
  amountToGetFreeDelivery: number | null;
  /**
   * cartTotal + deliveryTotal + feesTotal + the taxes not included + tipAmount − discountTotal;
   * never negative.
   */
  finalTotal: number;
}

export interface CartPricing {
  vendorCarts: VendorCartPrice[];
  prices: CartPrices;
}

export function calculateCartPrices(input: CartPricingInput): CartPricing {
  const vendorCarts = input.vendorCarts.map((vendorCart) => priceVendorCart(vendorCart, input.receiptType));
  const cartTotal = sum(vendorCarts.map((v) => v.itemsTotalMinor));
  const originalTotal = sum(vendorCarts.map((v) => v.originalTotalMinor));
  const deliveryTotal = sum(vendorCarts.map((v) => v.deliveryCostMinor));

  // No items to charge, no service to charge for.
  const fees =
    cartTotal > 0
      ? input.serviceFees.map((fee) => ({
          name: fee.name,
          description: fee.description,
          amount: fee.fixedMinor + mulDivFloor(cartTotal, fee.basisPoints, 10_000),
        }))
      : [];
  const feesTotal = sum(fees.map((f) => f.amount));

  const promoDiscounts = listDiscounts(input.promo, cartTotal, deliveryTotal);
  const discounts = [...promoDiscounts, ...pointsLine(input.loyalty ?? null, cartTotal, promoDiscounts)];
  const discountTotal = sum(discounts.map((d) => d.discountTotal));

  const taxBase = Math.max(0, cartTotal + deliveryTotal + feesTotal - discountTotal);
  const taxes = input.taxes.map((tax) => ({
    name: tax.name,
    rateBasisPoints: tax.rateBasisPoints,
    included: tax.included,
    amount: tax.included
      ? mulDivRoundHalfUp(taxBase, tax.rateBasisPoints, 10_000 + tax.rateBasisPoints)
      : mulDivRoundHalfUp(taxBase, tax.rateBasisPoints, 10_000),
  }));
  const taxTotal = sum(taxes.map((t) => t.amount));
  const addedTaxTotal = sum(taxes.filter((t) => !t.included).map((t) => t.amount));

  const tipAmount = input.tipMinor;
  const finalTotal = Math.max(
    0,
    cartTotal + deliveryTotal + feesTotal + addedTaxTotal + tipAmount - discountTotal,
  );

  return {
    vendorCarts,
    prices: {
      cartTotal,
      originalTotal,
      deliveryTotal,
      fees,
      feesTotal,
      taxes,
      taxTotal,
      discounts,
      discountTotal,
      tipAmount,
      amountToGetFreeDelivery:
        vendorCarts.find((v) => v.amountToGetFreeDeliveryMinor !== null)?.amountToGetFreeDeliveryMinor ??
        null,
      finalTotal,
    },
  };
}

function priceItem(item: PricedItemInput): ItemPrice {
  const componentsMinor = sum(item.components.map((c) => c.priceMinor * c.count));
  const unitPriceMinor = item.priceMinor + componentsMinor;
  const unitOriginalPriceMinor = item.originalPriceMinor + componentsMinor;
  const discountMinor = item.originalPriceMinor - item.priceMinor;
  return {
    key: item.key,
    unitPriceMinor,
    unitOriginalPriceMinor,
    totalMinor: item.valid ? unitPriceMinor * item.count : 0,
    // Of the product alone: the options are never discounted.
    discountPercent:
      discountMinor > 0 && item.originalPriceMinor > 0
        ? mulDivRoundHalfUp(discountMinor, 100, item.originalPriceMinor)
        : 0,
  };
}

function priceVendorCart(vendorCart: VendorCartPricingInput, receiptType: ReceiptType): VendorCartPrice {
  const lines = vendorCart.items.map((item) => ({ item, price: priceItem(item) }));
  const validLines = lines.filter((line) => line.item.valid);
  const itemsTotalMinor = sum(validLines.map((line) => line.price.totalMinor));
  const originalTotalMinor = sum(
    validLines.map((line) => line.price.unitOriginalPriceMinor * line.item.count),
  );
  const threshold = vendorCart.freeDeliveryFromMinor;
  // A vendor that delivers for free has no free delivery to reach.
  const chargesDelivery =
    receiptType === "DELIVERY" && validLines.length > 0 && vendorCart.deliveryFeeMinor > 0;
  const freeByAmount = threshold !== null && itemsTotalMinor >= threshold;
  return {
    key: vendorCart.key,
    items: lines.map((line) => line.price),
    itemsTotalMinor,
    originalTotalMinor,
    deliveryCostMinor: chargesDelivery && !freeByAmount ? vendorCart.deliveryFeeMinor : 0,
    amountToGetFreeDeliveryMinor:
      chargesDelivery && threshold !== null && !freeByAmount ? threshold - itemsTotalMinor : null,
  };
}

function listDiscounts(
  promo: PromoRule | null,
  cartTotal: number,
  deliveryTotal: number,
): CartPrices["discounts"] {
  if (promo === null || cartTotal < promo.minCartTotalMinor) return [];
  const discountTotal = discountOf(promo, cartTotal, deliveryTotal);
  return discountTotal > 0 ? [{ type: "PROMOCODE", promoType: promo.type, discountTotal }] : [];
}

/**
 * The points line: as many points as the customer may spend on the goods a promo code left to pay
 * (`pointsDiscount`), never the delivery, fees or tip.
 */
function pointsLine(
  loyalty: CartPricingInput["loyalty"],
  cartTotal: number,
  promoDiscounts: readonly CartDiscount[],
): CartDiscount[] {
  if (!loyalty) return [];
  const { points, discountMinor } = pointsDiscount(
    loyalty.programme,
    loyalty.balance,
    goodsAfterPromo(cartTotal, promoDiscounts),
    null,
  );
  return points > 0 ? [{ type: "LOYALTY", points, discountTotal: discountMinor }] : [];
}

function discountOf(promo: PromoRule, cartTotal: number, deliveryTotal: number): number {
  switch (promo.type) {
    case "FIXED":
      return Math.min(promo.value, cartTotal);
    case "PERCENT": {
      const percentOff = mulDivFloor(cartTotal, promo.value, 100);
      const capped =
        promo.maxDiscountMinor === null ? percentOff : Math.min(percentOff, promo.maxDiscountMinor);
      return Math.min(capped, cartTotal);
    }
    case "FREE_DELIVERY":
      return deliveryTotal;
  }
}

function sum(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

export interface PromoCodeFacts {
  /** Null: no promo code of that text exists for this partner and locality. */
  promo: {
    rule: PromoRule;
    /** ISO instants; null for unbounded. */
    validFrom: string | null;
    validUntil: string | null;
    /** Null: unlimited. */
    maxUses: number | null;
    usesSoFar: number;
    /** Null: as often as the customer likes (within maxUses). */
    maxUsesPerCustomer: number | null;
    /** The orders this customer placed with it that still count (not declined or cancelled). */
    usesByCustomer: number;
    /** Null: any vendor of the partner; else only a cart of this vendor's alone. */
    vendorId: number | null;
    /** A friend's referral code: where the programme runs, on a first order, never one's own. */
    referral: { programmeOn: boolean; ownCode: boolean; customerHasOrdered: boolean } | null;
  } | null;
  now: string;
  /** The cart's items total the code would apply to. */
  cartTotalMinor: number;
  /** The vendors whose items the cart holds. */
  cartVendorIds: readonly number[];
  receiptType: ReceiptType;
}

/**
 * NOT_FOUND for an unknown code, or a referral code where the programme does not run; OUTDATED
 * before validFrom or after validUntil; UTILIZED when used up, in all or by this customer;
 * DOES_NOT_APPLY below the minimum total, for FREE_DELIVERY on a takeaway cart, for a vendor's code
 * on a cart that holds nothing of that vendor's or also another's, and for a referral code that is
 * the customer's own or comes after their first order; OK otherwise.
 */
export function checkPromoCode(facts: PromoCodeFacts): PromoCheckResult {
  const { promo } = facts;
  if (promo === null) return "NOT_FOUND";
  if (promo.referral !== null && !promo.referral.programmeOn) return "NOT_FOUND";
  const now = Date.parse(facts.now);
  if (promo.validFrom !== null && now < Date.parse(promo.validFrom)) return "OUTDATED";
  if (promo.validUntil !== null && now > Date.parse(promo.validUntil)) return "OUTDATED";
  const usedUpByCustomer =
    promo.maxUsesPerCustomer !== null && promo.usesByCustomer >= promo.maxUsesPerCustomer;
  if (usedUpByCustomer || (promo.maxUses !== null && promo.usesSoFar >= promo.maxUses)) return "UTILIZED";
  if (promo.referral !== null && (promo.referral.ownCode || promo.referral.customerHasOrdered))
    return "DOES_NOT_APPLY";
  if (facts.cartTotalMinor < promo.rule.minCartTotalMinor) return "DOES_NOT_APPLY";
  if (
    promo.vendorId !== null &&
    (facts.cartVendorIds.length === 0 || facts.cartVendorIds.some((id) => id !== promo.vendorId))
  )
    return "DOES_NOT_APPLY";
  if (promo.rule.type === "FREE_DELIVERY" && facts.receiptType === "TAKEAWAY") return "DOES_NOT_APPLY";
  return "OK";
}
