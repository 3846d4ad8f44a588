import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CartEvaluation,
  type CartEvaluationFacts,
  type CartLineFacts,
  evaluateCart,
  type VendorCartEvaluationFacts,
} from "./cart-evaluation.ts";
import { missingAddressStatus, quickAddProblem } from "./cart-rules.ts";
import type { CartValidationResult, CartValidationStatus } from "./cart-validation.ts";
import { checkPromoCode, type PromoCheckResult, type PromoCodeFacts } from "./pricing.ts";

type Product = NonNullable<CartLineFacts["product"]>;
type Promo = NonNullable<PromoCodeFacts["promo"]>;

// Size: one of two, required. A pizza costs 10.00 (12.00 before its discount), size M 2.00 more.
const product = (overrides: Partial<Product> = {}): Product => ({
  visible: true,
  available: true,
  sellsAtDeliveryTime: true,
  groups: [
    {
      id: 1,
      required: true,
      multiSelection: false,
      maxCount: 1,
      options: [
        { id: 11, available: true },
        { id: 12, available: true },
      ],
    },
  ],
  ...overrides,
});

const line = (overrides: Partial<CartLineFacts> = {}): CartLineFacts => ({
  cartProductId: 100,
  productId: 7,
  count: 2,
  priceMinor: 1000,
  originalPriceMinor: 1200,
  components: [{ optionId: 12, count: 1, priceMinor: 200 }],
  product: product(),
  ...overrides,
});

const vendorCart = (overrides: Partial<VendorCartEvaluationFacts> = {}): VendorCartEvaluationFacts => ({
  vendorCartId: 10,
  vendorId: 3,
  vendor: { visible: true, opensForDeliveryTime: true },
  items: [line()],
  deliveryFeeMinor: 300,
  minOrderPriceMinor: 1500,
  ...overrides,
});

const NOW = "2026-11-23T12:00:00.000Z";

const facts = (overrides: Partial<CartEvaluationFacts> = {}): CartEvaluationFacts => ({
  receiptType: "DELIVERY",
  vendorCarts: [vendorCart()],
  freeDeliveryFromMinor: null,
  serviceFees: [],
  taxes: [],
  tipMinor: 0,
  closingBeforeArrival: [],
  preorder: null,
  delivery: { insideZone: true },
  promo: null,
  now: NOW,
  ...overrides,
});

const promo = (overrides: Partial<Promo> = {}): Promo => ({
  rule: { type: "FIXED", value: 500, minCartTotalMinor: 2000, maxDiscountMinor: null },
  validFrom: null,
  validUntil: null,
  maxUses: null,
  usesSoFar: 0,
  maxUsesPerCustomer: null,
  usesByCustomer: 0,
  vendorId: null,
  referral: null,
  ...overrides,
});

const withLine = (overrides: Partial<CartLineFacts>) =>
  facts({ vendorCarts: [vendorCart({ items: [line(overrides)] })] });
const withVendorCart = (overrides: Partial<VendorCartEvaluationFacts>) =>
  facts({ vendorCarts: [vendorCart(overrides)] });

const nothingWrong: CartValidationResult = {
  status: "SUCCESS",
  invalidProducts: [],
  invalidVendors: [],
  invalidDeliveryTime: false,
  invalidLocation: false,
  closingBeforeArrival: [],
  belowMinimum: [],
};
const failed = (overrides: Partial<CartValidationResult>): CartValidationResult => ({
  ...nothingWrong,
  status: "VALIDATION_FAILED",
  ...overrides,
});

/** What a row checks of the evaluation: the validation, the items and final totals, the promo result. */
const outcome = ({ validation, pricing, promoCheckResult }: CartEvaluation) => ({
  validation,
  cartTotal: pricing.prices.cartTotal,
  finalTotal: pricing.prices.finalTotal,
  promoCheckResult,
});

describe("evaluateCart: every validation status of the spec (ordering §3)", () => {
  // The cart's evaluation answers SUCCESS or VALIDATION_FAILED; the other statuses are decided
  // before there is a cart to evaluate, by the rules named in each row.
  it.each<[CartValidationStatus, () => string | null]>([
    ["SUCCESS", () => evaluateCart(facts()).validation.status],
    ["VALIDATION_FAILED", () => evaluateCart(withVendorCart({ minOrderPriceMinor: 5000 })).validation.status],
    [
      "DEFAULT_NOT_SELECTED",
      () => quickAddProblem({ componentGroups: [{ required: true, multiSelection: false, maxCount: 1 }] }),
    ],
    [
      "ADDRESS_NOT_EXISTS",
      () => missingAddressStatus({ savedAddresses: 0, addressChosen: false, temporaryAddress: false }),
    ],
    [
      "ADDRESS_NOT_CHOOSEN",
      () => missingAddressStatus({ savedAddresses: 2, addressChosen: false, temporaryAddress: false }),
    ],
    // An address to start a cart at: the storefront reports CART_ID_NOT_FOUND while it creates one.
    [
      "CART_ID_NOT_FOUND",
      () =>
        missingAddressStatus({ savedAddresses: 2, addressChosen: true, temporaryAddress: false }) ??
        "CART_ID_NOT_FOUND",
    ],
    // A call that failed: the storefront's own status, never a rule's.
    ["SOMETHING_WENT_WRONG", () => "SOMETHING_WENT_WRONG"],
  ])("%s", (status, arise) => {
    expect(arise()).toBe(status);
  });

  it("answers only SUCCESS or VALIDATION_FAILED for any cart", () => {
    fc.assert(
      fc.property(cartFacts, (input) => {
        expect(["SUCCESS", "VALIDATION_FAILED"]).toContain(evaluateCart(input).validation.status);
      }),
    );
  });
});

describe("evaluateCart: every cart alert of the spec (ordering §4) and the API's own", () => {
  // Two pizzas of 12.00 with their size: 24.00; delivery 3.00 on top.
  it.each<[string, CartEvaluationFacts, ReturnType<typeof outcome>]>([
    [
      "nothing to alert",
      facts(),
      { validation: nothingWrong, cartTotal: 2400, finalTotal: 2700, promoCheckResult: null },
    ],
    [
      "invalid vendor hidden (restaurant closed): the cart is emptied on confirm",
      withVendorCart({ vendor: { visible: false, opensForDeliveryTime: true } }),
      {
        validation: failed({
          invalidVendors: [{ vendorCartId: 10, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "a vendor that is gone: nothing of it is charged",
      withVendorCart({ vendor: null, deliveryFeeMinor: 0 }),
      {
        validation: failed({
          invalidVendors: [{ vendorCartId: 10, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
          belowMinimum: [{ vendorCartId: 10, minOrderPriceMinor: 1500, missingMinor: 1500 }],
        }),
        cartTotal: 0,
        finalTotal: 0,
        promoCheckResult: null,
      },
    ],
    [
      "invalid vendor delivery interval, with the first slot it can meet",
      withVendorCart({
        vendor: { visible: true, opensForDeliveryTime: false, nextSlot: "2026-11-24T11:00:00" },
      }),
      {
        validation: failed({
          invalidVendors: [
            {
              vendorCartId: 10,
              vendorId: 3,
              status: "VENDOR_INVALID_DELIVERY_INTERVAL",
              nextSlot: "2026-11-24T11:00:00",
            },
          ],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "invalid products are removed on confirm: an invalid line is not charged",
      withVendorCart({
        items: [line(), line({ cartProductId: 101, productId: 8, product: product({ available: false }) })],
      }),
      {
        validation: failed({
          invalidProducts: [
            {
              cartProductId: 101,
              vendorCartId: 10,
              productId: 8,
              reason: "PRODUCT_NOT_AVAILABLE",
              invalidComponents: [],
            },
          ],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "every product invalid: the cart is emptied, nothing charged, no delivery",
      withLine({ components: [{ optionId: 99, count: 1, priceMinor: 0 }] }),
      {
        validation: failed({
          invalidProducts: [
            {
              cartProductId: 100,
              vendorCartId: 10,
              productId: 7,
              reason: "OPTIONS_REMOVED",
              invalidComponents: [
                { componentId: 99, groupId: 0, reason: "REMOVED" },
                { componentId: 1, groupId: 1, reason: "INVALID_REQUIRED" },
              ],
            },
          ],
        }),
        cartTotal: 0,
        finalTotal: 0,
        promoCheckResult: null,
      },
    ],
    [
      "a product that is gone: no price, PRODUCT_REMOVED, below the minimum",
      withLine({ product: null, priceMinor: 0, originalPriceMinor: 0, components: [] }),
      {
        validation: failed({
          invalidProducts: [
            {
              cartProductId: 100,
              vendorCartId: 10,
              productId: 7,
              reason: "PRODUCT_REMOVED",
              invalidComponents: [],
            },
          ],
          belowMinimum: [{ vendorCartId: 10, minOrderPriceMinor: 1500, missingMinor: 1500 }],
        }),
        cartTotal: 0,
        finalTotal: 0,
        promoCheckResult: null,
      },
    ],
    [
      "invalid delivery time: as soon as possible is offered",
      facts({ preorder: { valid: false } }),
      {
        validation: failed({ invalidDeliveryTime: true }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "a delivery point outside the zone (INVALID_LOCATION)",
      facts({ delivery: { insideZone: false } }),
      {
        validation: failed({ invalidLocation: true }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "a vendor cart below its minimum order",
      withVendorCart({ minOrderPriceMinor: 3000 }),
      {
        validation: failed({
          belowMinimum: [{ vendorCartId: 10, minOrderPriceMinor: 3000, missingMinor: 600 }],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      // The minimum is checked before the invalid lines are set aside: removing them checks it again.
      "an invalid line still counts towards the minimum order",
      withVendorCart({
        minOrderPriceMinor: 3000,
        items: [
          line(),
          line({ cartProductId: 101, count: 1, product: product({ sellsAtDeliveryTime: false }) }),
        ],
      }),
      {
        validation: failed({
          invalidProducts: [
            {
              cartProductId: 101,
              vendorCartId: 10,
              productId: 7,
              reason: "PRODUCT_INVALID_DELIVERY_INTERVAL",
              invalidComponents: [],
            },
          ],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
    [
      "a vendor closing before the order could arrive",
      facts({
        closingBeforeArrival: [
          { vendorCartId: 10, closesAt: "22:00", arrivesAt: "22:20", takeawayReadyAt: null, nextSlot: null },
        ],
      }),
      {
        validation: failed({
          closingBeforeArrival: [
            {
              vendorCartId: 10,
              closesAt: "22:00",
              arrivesAt: "22:20",
              takeawayReadyAt: null,
              nextSlot: null,
            },
          ],
        }),
        cartTotal: 2400,
        finalTotal: 2700,
        promoCheckResult: null,
      },
    ],
  ])("%s", (_, input, expected) => {
    expect(outcome(evaluateCart(input))).toEqual(expected);
  });
});

describe("evaluateCart: the promo code, checked against the valid lines", () => {
  it.each<[string, CartEvaluationFacts, PromoCheckResult, number]>([
    ["a code that applies: 5.00 off", facts({ promo: promo() }), "OK", 2200],
    [
      "a code whose minimum only an invalid line would reach",
      facts({
        promo: promo({
          rule: { type: "FIXED", value: 500, minCartTotalMinor: 3000, maxDiscountMinor: null },
        }),
        vendorCarts: [
          vendorCart({
            items: [line(), line({ cartProductId: 101, product: product({ available: false }) })],
          }),
        ],
      }),
      "DOES_NOT_APPLY",
      2700,
    ],
    ["an expired code", facts({ promo: promo({ validUntil: "2026-11-01T00:00:00Z" }) }), "OUTDATED", 2700],
    ["a code used up", facts({ promo: promo({ maxUses: 10, usesSoFar: 10 }) }), "UTILIZED", 2700],
    [
      "a referral code where the programme does not run",
      facts({
        promo: promo({ referral: { programmeOn: false, ownCode: false, customerHasOrdered: false } }),
      }),
      "NOT_FOUND",
      2700,
    ],
    [
      "free delivery on a delivery",
      facts({
        promo: promo({
          rule: { type: "FREE_DELIVERY", value: 0, minCartTotalMinor: 0, maxDiscountMinor: null },
        }),
      }),
      "OK",
      2400,
    ],
    [
      "free delivery on a takeaway",
      facts({
        receiptType: "TAKEAWAY",
        promo: promo({
          rule: { type: "FREE_DELIVERY", value: 0, minCartTotalMinor: 0, maxDiscountMinor: null },
        }),
      }),
      "DOES_NOT_APPLY",
      2400,
    ],
    ["another vendor's code", facts({ promo: promo({ vendorId: 4 }) }), "DOES_NOT_APPLY", 2700],
  ])("%s", (_, input, result, finalTotal) => {
    const evaluation = evaluateCart(input);
    expect(evaluation.promoCheckResult).toBe(result);
    expect(evaluation.pricing.prices.finalTotal).toBe(finalTotal);
    expect(evaluation.pricing.prices.discounts.length > 0).toBe(result === "OK");
  });
});

const lineArb = fc.record({
  cartProductId: fc.nat({ max: 50 }),
  productId: fc.nat({ max: 5 }),
  count: fc.integer({ min: 1, max: 99 }),
  priceMinor: fc.nat({ max: 10_000 }),
  originalPriceMinor: fc.nat({ max: 12_000 }),
  components: fc.array(
    fc.record({
      optionId: fc.constantFrom(11, 12, 99),
      count: fc.integer({ min: 1, max: 3 }),
      priceMinor: fc.nat({ max: 500 }),
    }),
    { maxLength: 3 },
  ),
  product: fc.option(
    fc
      .record({ visible: fc.boolean(), available: fc.boolean(), sellsAtDeliveryTime: fc.boolean() })
      .map((p) => product(p)),
  ),
});
const vendorCartArb = fc.record({
  vendorCartId: fc.nat({ max: 5 }),
  vendorId: fc.nat({ max: 5 }),
  vendor: fc.option(fc.record({ visible: fc.boolean(), opensForDeliveryTime: fc.boolean() })),
  items: fc.array(lineArb, { maxLength: 4 }),
  deliveryFeeMinor: fc.nat({ max: 1000 }),
  minOrderPriceMinor: fc.nat({ max: 5000 }),
});
const cartFacts = fc
  .record({
    receiptType: fc.constantFrom("DELIVERY" as const, "TAKEAWAY" as const),
    vendorCarts: fc.array(vendorCartArb, { maxLength: 3 }),
    freeDeliveryFromMinor: fc.option(fc.nat({ max: 5000 })),
    tipMinor: fc.nat({ max: 1000 }),
    preorder: fc.option(fc.record({ valid: fc.boolean() })),
    delivery: fc.option(fc.record({ insideZone: fc.boolean() })),
    promo: fc.option(
      fc.record({
        type: fc.constantFrom("FIXED" as const, "PERCENT" as const, "FREE_DELIVERY" as const),
        minCartTotalMinor: fc.nat({ max: 5000 }),
      }),
    ),
  })
  .map(({ promo: rule, ...rest }) =>
    facts({
      ...rest,
      promo: rule
        ? promo({
            rule: {
              ...rule,
              value: rule.type === "FIXED" ? 500 : rule.type === "PERCENT" ? 10 : 0,
              maxDiscountMinor: null,
            },
          })
        : null,
    }),
  );

describe("evaluateCart: properties", () => {
  it("checks the promo code against the very items total it then discounts", () => {
    fc.assert(
      fc.property(cartFacts, (input) => {
        const { pricing, promoCheckResult } = evaluateCart(input);
        const expected =
          input.promo === null
            ? null
            : checkPromoCode({
                promo: input.promo,
                now: input.now,
                cartTotalMinor: pricing.prices.cartTotal,
                cartVendorIds: input.vendorCarts.filter((v) => v.items.length > 0).map((v) => v.vendorId),
                receiptType: input.receiptType,
              });
        expect(promoCheckResult).toBe(expected);
      }),
    );
  });

  it("charges no line that validation found invalid, and never changes its input", () => {
    fc.assert(
      fc.property(cartFacts, (input) => {
        const before = structuredClone(input);
        const { pricing, validation } = evaluateCart(input);
        expect(input).toEqual(before);
        const invalid = new Set(validation.invalidProducts.map((p) => p.cartProductId));
        for (const [i, vendorCart] of input.vendorCarts.entries())
          for (const [j, item] of vendorCart.items.entries())
            if (invalid.has(item.cartProductId) || item.product === null || vendorCart.vendor === null)
              expect(pricing.vendorCarts[i]?.items[j]?.totalMinor).toBe(0);
      }),
    );
  });
});
