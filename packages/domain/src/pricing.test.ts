import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CartPricingInput,
  calculateCartPrices,
  checkPromoCode,
  type PricedItemInput,
  type PromoCodeFacts,
  type PromoRule,
  type VendorCartPricingInput,
} from "./pricing.ts";

const item = (fields: Partial<PricedItemInput> = {}): PricedItemInput => ({
  key: 1,
  count: 1,
  priceMinor: 1000,
  originalPriceMinor: fields.priceMinor ?? 1000,
  components: [],
  valid: true,
  ...fields,
});

const vendorCart = (fields: Partial<VendorCartPricingInput> = {}): VendorCartPricingInput => ({
  key: 1,
  items: [item()],
  deliveryFeeMinor: 0,
  freeDeliveryFromMinor: null,
  ...fields,
});

const cart = (fields: Partial<CartPricingInput> = {}): CartPricingInput => ({
  receiptType: "DELIVERY",
  vendorCarts: [vendorCart()],
  promo: null,
  serviceFees: [],
  taxes: [],
  tipMinor: 0,
  ...fields,
});

const promo = (fields: Partial<PromoRule>): PromoRule => ({
  type: "FIXED",
  value: 0,
  minCartTotalMinor: 0,
  maxDiscountMinor: null,
  ...fields,
});

describe("calculateCartPrices", () => {
  describe("prices a line", () => {
    it.each([
      {
        name: "a plain product",
        line: item({ count: 2, priceMinor: 1000 }),
        expected: {
          unitPriceMinor: 1000,
          unitOriginalPriceMinor: 1000,
          totalMinor: 2000,
          discountPercent: 0,
        },
      },
      {
        name: "a discounted product with options",
        line: item({
          count: 3,
          priceMinor: 800,
          originalPriceMinor: 1000,
          components: [{ priceMinor: 150, count: 2 }],
        }),
        expected: {
          unitPriceMinor: 1100,
          unitOriginalPriceMinor: 1300,
          totalMinor: 3300,
          discountPercent: 20,
        },
      },
      {
        name: "a discount percent rounded down",
        line: item({ priceMinor: 667, originalPriceMinor: 1000 }),
        expected: { unitPriceMinor: 667, unitOriginalPriceMinor: 1000, totalMinor: 667, discountPercent: 33 },
      },
      {
        name: "a discount percent rounded half up",
        line: item({ priceMinor: 665, originalPriceMinor: 1000 }),
        expected: { unitPriceMinor: 665, unitOriginalPriceMinor: 1000, totalMinor: 665, discountPercent: 34 },
      },
      {
        name: "a free product that was paid",
        line: item({ priceMinor: 0, originalPriceMinor: 500 }),
        expected: { unitPriceMinor: 0, unitOriginalPriceMinor: 500, totalMinor: 0, discountPercent: 100 },
      },
      {
        name: "a product with no original price",
        line: item({ priceMinor: 0, originalPriceMinor: 0, components: [{ priceMinor: 90, count: 1 }] }),
        expected: { unitPriceMinor: 90, unitOriginalPriceMinor: 90, totalMinor: 90, discountPercent: 0 },
      },
      {
        name: "an invalid line, not charged",
        line: item({ count: 2, priceMinor: 1000, valid: false }),
        expected: { unitPriceMinor: 1000, unitOriginalPriceMinor: 1000, totalMinor: 0, discountPercent: 0 },
      },
    ])("$name", ({ line, expected }) => {
      const { vendorCarts } = calculateCartPrices(cart({ vendorCarts: [vendorCart({ items: [line] })] }));
      expect(vendorCarts[0]?.items).toEqual([{ key: line.key, ...expected }]);
    });
  });

  describe("prices a vendor cart's delivery", () => {
    const lines = [item({ key: 1, priceMinor: 1500 }), item({ key: 2, priceMinor: 500 })];
    it.each([
      {
        name: "charges the fee with no free-delivery threshold",
        input: cart({ vendorCarts: [vendorCart({ items: lines, deliveryFeeMinor: 300 })] }),
        expected: { deliveryCostMinor: 300, amountToGetFreeDeliveryMinor: null },
      },
      {
        name: "charges the fee below the threshold and tells what is missing",
        input: cart({
          vendorCarts: [vendorCart({ items: lines, deliveryFeeMinor: 300, freeDeliveryFromMinor: 5000 })],
        }),
        expected: { deliveryCostMinor: 300, amountToGetFreeDeliveryMinor: 3000 },
      },
      {
        name: "delivers free at the threshold",
        input: cart({
          vendorCarts: [vendorCart({ items: lines, deliveryFeeMinor: 300, freeDeliveryFromMinor: 2000 })],
        }),
        expected: { deliveryCostMinor: 0, amountToGetFreeDeliveryMinor: null },
      },
      {
        name: "charges no delivery for takeaway",
        input: cart({
          receiptType: "TAKEAWAY",
          vendorCarts: [vendorCart({ items: lines, deliveryFeeMinor: 300, freeDeliveryFromMinor: 5000 })],
        }),
        expected: { deliveryCostMinor: 0, amountToGetFreeDeliveryMinor: null },
      },
      {
        name: "charges no delivery when no line is valid",
        input: cart({
          vendorCarts: [
            vendorCart({
              items: lines.map((line) => ({ ...line, valid: false })),
              deliveryFeeMinor: 300,
              freeDeliveryFromMinor: 5000,
            }),
          ],
        }),
        expected: { deliveryCostMinor: 0, amountToGetFreeDeliveryMinor: null },
      },
    ])("$name", ({ input, expected }) => {
      const { vendorCarts, prices } = calculateCartPrices(input);
      expect(vendorCarts[0]).toMatchObject(expected);
      expect(prices.deliveryTotal).toBe(expected.deliveryCostMinor);
      expect(prices.amountToGetFreeDelivery).toBe(expected.amountToGetFreeDeliveryMinor);
    });
  });

  describe("applies a promo code", () => {
    // Items 5000, delivery 400.
    const items = [item({ count: 2, priceMinor: 2500 })];
    const delivery = cart({ vendorCarts: [vendorCart({ items, deliveryFeeMinor: 400 })] });
    const takeaway = { ...delivery, receiptType: "TAKEAWAY" as const };
    it.each([
      { name: "a fixed amount", input: delivery, rule: promo({ type: "FIXED", value: 700 }), discount: 700 },
      {
        name: "a fixed amount up to the items",
        input: delivery,
        rule: promo({ value: 9000 }),
        discount: 5000,
      },
      { name: "a percent", input: delivery, rule: promo({ type: "PERCENT", value: 15 }), discount: 750 },
      {
        name: "a percent rounded down",
        input: cart({ vendorCarts: [vendorCart({ items: [item({ count: 2, priceMinor: 2501 })] })] }),
        rule: promo({ type: "PERCENT", value: 33 }),
        discount: 1650,
      },
      {
        name: "a percent capped",
        input: delivery,
        rule: promo({ type: "PERCENT", value: 15, maxDiscountMinor: 500 }),
        discount: 500,
      },
      { name: "a free delivery", input: delivery, rule: promo({ type: "FREE_DELIVERY" }), discount: 400 },
      {
        name: "no free delivery on takeaway",
        input: takeaway,
        rule: promo({ type: "FREE_DELIVERY" }),
        discount: 0,
      },
      {
        name: "nothing below the minimum total",
        input: delivery,
        rule: promo({ value: 700, minCartTotalMinor: 5001 }),
        discount: 0,
      },
      {
        name: "a fixed amount at the minimum total",
        input: delivery,
        rule: promo({ value: 700, minCartTotalMinor: 5000 }),
        discount: 700,
      },
    ])("$name", ({ input, rule, discount }) => {
      const { prices } = calculateCartPrices({ ...input, promo: rule });
      expect(prices.discountTotal).toBe(discount);
      expect(prices.discounts).toEqual(
        discount > 0 ? [{ type: "PROMOCODE", promoType: rule.type, discountTotal: discount }] : [],
      );
    });
  });

  describe("rounds taxes half up", () => {
    it.each([
      { base: 5000, rateBasisPoints: 1, included: false, amount: 1 },
      { base: 4999, rateBasisPoints: 1, included: false, amount: 0 },
      { base: 3, rateBasisPoints: 10_000, included: true, amount: 2 },
      { base: 10_100, rateBasisPoints: 100, included: true, amount: 100 },
      // Past 2^53 in the product: kept exact.
      { base: 2 ** 43 - 1, rateBasisPoints: 2100, included: false, amount: 1_847_179_534_663 },
      { base: 2 ** 43 - 1, rateBasisPoints: 2100, included: true, amount: 1_526_594_656_747 },
    ])(
      "$base at $rateBasisPoints bp, included: $included → $amount",
      ({ base, rateBasisPoints, included, amount }) => {
        const { prices } = calculateCartPrices(
          cart({
            vendorCarts: [vendorCart({ items: [item({ priceMinor: base })] })],
            taxes: [{ name: "Tax", rateBasisPoints, included }],
          }),
        );
        expect(prices.taxes).toEqual([{ name: "Tax", rateBasisPoints, included, amount }]);
        expect(prices.taxTotal).toBe(amount);
        expect(prices.finalTotal).toBe(base + (included ? 0 : amount));
      },
    );
  });

  it.each([
    {
      name: "two vendors, included VAT, a percent code and a tip",
      input: cart({
        vendorCarts: [
          vendorCart({
            key: 1,
            items: [
              item({
                key: 11,
                count: 2,
                priceMinor: 1200,
                originalPriceMinor: 1500,
                components: [{ priceMinor: 200, count: 1 }],
              }),
              item({ key: 12, priceMinor: 900, valid: false }),
            ],
            deliveryFeeMinor: 350,
            freeDeliveryFromMinor: 3000,
          }),
          vendorCart({ key: 2, items: [item({ key: 21, count: 3 })], deliveryFeeMinor: 250 }),
        ],
        promo: promo({ type: "PERCENT", value: 10 }),
        serviceFees: [{ name: null, description: null, fixedMinor: 50, basisPoints: 125 }],
        taxes: [{ name: "VAT", rateBasisPoints: 2100, included: true }],
        tipMinor: 200,
      }),
      expected: {
        vendorCarts: [
          {
            key: 1,
            items: [
              {
                key: 11,
                unitPriceMinor: 1400,
                unitOriginalPriceMinor: 1700,
                totalMinor: 2800,
                discountPercent: 20,
              },
              {
                key: 12,
                unitPriceMinor: 900,
                unitOriginalPriceMinor: 900,
                totalMinor: 0,
                discountPercent: 0,
              },
            ],
            itemsTotalMinor: 2800,
            originalTotalMinor: 3400,
            deliveryCostMinor: 350,
            amountToGetFreeDeliveryMinor: 200,
          },
          {
            key: 2,
            items: [
              {
                key: 21,
                unitPriceMinor: 1000,
                unitOriginalPriceMinor: 1000,
                totalMinor: 3000,
                discountPercent: 0,
              },
            ],
            itemsTotalMinor: 3000,
            originalTotalMinor: 3000,
            deliveryCostMinor: 250,
            amountToGetFreeDeliveryMinor: null,
          },
        ],
        prices: {
          cartTotal: 5800,
          originalTotal: 6400,
          deliveryTotal: 600,
          // 50 + floor(5800 × 1.25 %) = 50 + 72
          fees: [{ name: null, description: null, amount: 122 }],
          feesTotal: 122,
          // round((5800 + 600 + 122 − 580) × 2100 / 12100) = round(1031.26)
          taxes: [{ name: "VAT", rateBasisPoints: 2100, included: true, amount: 1031 }],
          taxTotal: 1031,
          discounts: [{ type: "PROMOCODE", promoType: "PERCENT", discountTotal: 580 }],
          discountTotal: 580,
          tipAmount: 200,
          amountToGetFreeDelivery: 200,
          finalTotal: 6142,
        },
      },
    },
    {
      name: "takeaway, added sales taxes and a fixed code",
      input: cart({
        receiptType: "TAKEAWAY",
        vendorCarts: [
          vendorCart({
            items: [item({ count: 3, priceMinor: 1999 })],
            deliveryFeeMinor: 500,
            freeDeliveryFromMinor: 3000,
          }),
        ],
        promo: promo({ type: "FIXED", value: 1000, minCartTotalMinor: 5000 }),
        serviceFees: [{ name: "Service", description: "Packing", fixedMinor: 0, basisPoints: 500 }],
        taxes: [
          { name: "State", rateBasisPoints: 725, included: false },
          { name: null, rateBasisPoints: 50, included: false },
        ],
      }),
      expected: {
        vendorCarts: [
          {
            key: 1,
            items: [
              {
                key: 1,
                unitPriceMinor: 1999,
                unitOriginalPriceMinor: 1999,
                totalMinor: 5997,
                discountPercent: 0,
              },
            ],
            itemsTotalMinor: 5997,
            originalTotalMinor: 5997,
            deliveryCostMinor: 0,
            amountToGetFreeDeliveryMinor: null,
          },
        ],
        prices: {
          cartTotal: 5997,
          originalTotal: 5997,
          deliveryTotal: 0,
          // floor(299.85)
          fees: [{ name: "Service", description: "Packing", amount: 299 }],
          feesTotal: 299,
          // base 5997 + 299 − 1000 = 5296: round(383.96), round(26.48)
          taxes: [
            { name: "State", rateBasisPoints: 725, included: false, amount: 384 },
            { name: null, rateBasisPoints: 50, included: false, amount: 26 },
          ],
          taxTotal: 410,
          discounts: [{ type: "PROMOCODE", promoType: "FIXED", discountTotal: 1000 }],
          discountTotal: 1000,
          tipAmount: 0,
          amountToGetFreeDelivery: null,
          finalTotal: 5706,
        },
      },
    },
    {
      name: "a free-delivery code that nets out the delivery",
      input: cart({
        vendorCarts: [vendorCart({ items: [item({ priceMinor: 2000 })], deliveryFeeMinor: 500 })],
        promo: promo({ type: "FREE_DELIVERY" }),
        taxes: [{ name: "VAT", rateBasisPoints: 1000, included: false }],
      }),
      expected: {
        vendorCarts: [
          {
            key: 1,
            items: [
              {
                key: 1,
                unitPriceMinor: 2000,
                unitOriginalPriceMinor: 2000,
                totalMinor: 2000,
                discountPercent: 0,
              },
            ],
            itemsTotalMinor: 2000,
            originalTotalMinor: 2000,
            deliveryCostMinor: 500,
            amountToGetFreeDeliveryMinor: null,
          },
        ],
        prices: {
          cartTotal: 2000,
          originalTotal: 2000,
          deliveryTotal: 500,
          fees: [],
          feesTotal: 0,
          taxes: [{ name: "VAT", rateBasisPoints: 1000, included: false, amount: 200 }],
          taxTotal: 200,
          discounts: [{ type: "PROMOCODE", promoType: "FREE_DELIVERY", discountTotal: 500 }],
          discountTotal: 500,
          tipAmount: 0,
          amountToGetFreeDelivery: null,
          finalTotal: 2200,
        },
      },
    },
    {
      name: "a cart with nothing valid charges only the tip",
      input: cart({
        vendorCarts: [vendorCart({ items: [item({ valid: false })], deliveryFeeMinor: 500 })],
        promo: promo({ type: "FIXED", value: 700 }),
        serviceFees: [{ name: null, description: null, fixedMinor: 100, basisPoints: 100 }],
        taxes: [{ name: "VAT", rateBasisPoints: 2100, included: true }],
        tipMinor: 100,
      }),
      expected: {
        vendorCarts: [
          {
            key: 1,
            items: [
              {
                key: 1,
                unitPriceMinor: 1000,
                unitOriginalPriceMinor: 1000,
                totalMinor: 0,
                discountPercent: 0,
              },
            ],
            itemsTotalMinor: 0,
            originalTotalMinor: 0,
            deliveryCostMinor: 0,
            amountToGetFreeDeliveryMinor: null,
          },
        ],
        prices: {
          cartTotal: 0,
          originalTotal: 0,
          deliveryTotal: 0,
          fees: [],
          feesTotal: 0,
          taxes: [{ name: "VAT", rateBasisPoints: 2100, included: true, amount: 0 }],
          taxTotal: 0,
          discounts: [],
          discountTotal: 0,
          tipAmount: 100,
          amountToGetFreeDelivery: null,
          finalTotal: 100,
        },
      },
    },
  ])("prices $name", ({ input, expected }) => {
    expect(calculateCartPrices(input)).toEqual(expected);
  });

  it("takes the amount to free delivery from the first vendor cart short of it", () => {
    const { prices } = calculateCartPrices(
      cart({
        vendorCarts: [
          vendorCart({ key: 1, freeDeliveryFromMinor: 500, deliveryFeeMinor: 100 }),
          vendorCart({ key: 2, freeDeliveryFromMinor: 1500, deliveryFeeMinor: 100 }),
          vendorCart({ key: 3, freeDeliveryFromMinor: 3000, deliveryFeeMinor: 100 }),
        ],
      }),
    );
    expect(prices.amountToGetFreeDelivery).toBe(500);
  });
});

describe("the points line", () => {
  /** 1 point per 1.00, a point worth 0.10, from 5 points. */
  const programme = {
    enabled: true,
    earnPoints: 1,
    earnPerMinor: 100,
    pointValueMinor: 10,
    minimumToRedeem: 5,
    expiryMonths: null,
    welcomeBonus: 0,
  };
  const goods = (priceMinor: number) => [
    vendorCart({ items: [item({ priceMinor })], deliveryFeeMinor: 300 }),
  ];

  it.each([
    { name: "spends the whole balance when the goods cost more", balance: 40, goodsMinor: 1000, points: 40 },
    {
      name: "spends whole points up to the goods, never the delivery",
      balance: 400,
      goodsMinor: 1055,
      points: 105,
    },
    { name: "spends nothing under the minimum", balance: 4, goodsMinor: 1000, points: 0 },
  ])("$name", ({ balance, goodsMinor, points }) => {
    const { prices } = calculateCartPrices(
      cart({ vendorCarts: goods(goodsMinor), loyalty: { programme, balance } }),
    );
    expect(prices.discounts).toEqual(
      points > 0 ? [{ type: "LOYALTY", points, discountTotal: points * 10 }] : [],
    );
    expect(prices.finalTotal).toBe(goodsMinor + 300 - points * 10);
  });

  it("comes after a promo code, on the goods it left to pay", () => {
    const { prices } = calculateCartPrices(
      cart({
        vendorCarts: goods(1000),
        promo: promo({ type: "FIXED", value: 700 }),
        loyalty: { programme, balance: 400 },
      }),
    );
    expect(prices.discounts).toEqual([
      { type: "PROMOCODE", promoType: "FIXED", discountTotal: 700 },
      { type: "LOYALTY", points: 30, discountTotal: 300 },
    ]);
    expect(prices.finalTotal).toBe(300);
  });

  it("is not there while the programme is off", () => {
    const off = { ...programme, enabled: false };
    const { prices } = calculateCartPrices(
      cart({ vendorCarts: goods(1000), loyalty: { programme: off, balance: 400 } }),
    );
    expect(prices.discounts).toEqual([]);
  });
});

describe("free delivery hint", () => {
  it("is not offered by a vendor that delivers for free anyway", () => {
    const priced = calculateCartPrices(
      cart({ vendorCarts: [vendorCart({ deliveryFeeMinor: 0, freeDeliveryFromMinor: 4000 })] }),
    );
    expect(priced.vendorCarts[0]?.amountToGetFreeDeliveryMinor).toBeNull();
    expect(priced.prices.amountToGetFreeDelivery).toBeNull();
  });
});

describe("calculateCartPrices properties", () => {
  // Prices up to 2^29 keep every total under 2^43, as the callers guarantee.
  const amount = fc.integer({ min: 0, max: 2 ** 29 });
  const bigAmount = fc.integer({ min: 0, max: 2 ** 43 });
  const itemArb = fc.record({
    key: fc.nat(),
    count: fc.integer({ min: 1, max: 99 }),
    priceMinor: amount,
    originalPriceMinor: amount,
    components: fc.array(fc.record({ priceMinor: amount, count: fc.integer({ min: 1, max: 3 }) }), {
      maxLength: 3,
    }),
    valid: fc.boolean(),
  });
  const vendorCartArb = fc.record({
    key: fc.nat(),
    items: fc.array(itemArb, { maxLength: 4 }),
    deliveryFeeMinor: amount,
    freeDeliveryFromMinor: fc.option(bigAmount),
  });
  const promoArb = fc.oneof(
    fc.record({
      type: fc.constant("FIXED" as const),
      value: bigAmount,
      minCartTotalMinor: bigAmount,
      maxDiscountMinor: fc.constant(null),
    }),
    fc.record({
      type: fc.constant("PERCENT" as const),
      value: fc.integer({ min: 1, max: 100 }),
      minCartTotalMinor: bigAmount,
      maxDiscountMinor: fc.option(bigAmount),
    }),
    fc.record({
      type: fc.constant("FREE_DELIVERY" as const),
      value: fc.constant(0),
      minCartTotalMinor: bigAmount,
      maxDiscountMinor: fc.constant(null),
    }),
  );
  const inputArb: fc.Arbitrary<CartPricingInput> = fc.record({
    receiptType: fc.constantFrom("DELIVERY" as const, "TAKEAWAY" as const),
    vendorCarts: fc.array(vendorCartArb, { maxLength: 3 }),
    promo: fc.option(promoArb),
    serviceFees: fc.array(
      fc.record({
        name: fc.option(fc.string()),
        description: fc.option(fc.string()),
        fixedMinor: amount,
        basisPoints: fc.integer({ min: 0, max: 10_000 }),
      }),
      { maxLength: 3 },
    ),
    taxes: fc.array(
      fc.record({
        name: fc.option(fc.string()),
        rateBasisPoints: fc.integer({ min: 0, max: 30_000 }),
        included: fc.boolean(),
      }),
      { maxLength: 3 },
    ),
    tipMinor: amount,
  });

  const sum = (amounts: number[]) => amounts.reduce((total, a) => total + a, 0);
  const numbersIn = (value: unknown): number[] =>
    typeof value === "number"
      ? [value]
      : value !== null && typeof value === "object"
        ? Object.values(value).flatMap(numbersIn)
        : [];

  it("adds the totals up exactly", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { vendorCarts, prices } = calculateCartPrices(input);
        const addedTaxes = sum(prices.taxes.filter((t) => !t.included).map((t) => t.amount));
        expect(prices.finalTotal).toBe(
          prices.cartTotal +
            prices.deliveryTotal +
            prices.feesTotal +
            addedTaxes +
            prices.tipAmount -
            prices.discountTotal,
        );
        expect(prices.cartTotal).toBe(sum(vendorCarts.map((v) => v.itemsTotalMinor)));
        expect(prices.originalTotal).toBe(sum(vendorCarts.map((v) => v.originalTotalMinor)));
        expect(prices.deliveryTotal).toBe(sum(vendorCarts.map((v) => v.deliveryCostMinor)));
        expect(prices.feesTotal).toBe(sum(prices.fees.map((f) => f.amount)));
        expect(prices.taxTotal).toBe(sum(prices.taxes.map((t) => t.amount)));
        expect(prices.discountTotal).toBe(sum(prices.discounts.map((d) => d.discountTotal)));
        expect(prices.tipAmount).toBe(input.tipMinor);
        for (const vendorCart of vendorCarts) {
          expect(vendorCart.itemsTotalMinor).toBe(sum(vendorCart.items.map((i) => i.totalMinor)));
        }
      }),
    );
  });

  it("gives every amount as a non-negative safe integer", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const value of numbersIn(calculateCartPrices(input))) {
          expect(Number.isSafeInteger(value) && value >= 0).toBe(true);
        }
      }),
    );
  });

  it("never discounts more than what the code discounts", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { prices } = calculateCartPrices(input);
        const rule = input.promo;
        if (rule === null || prices.cartTotal < rule.minCartTotalMinor) {
          expect(prices.discounts).toEqual([]);
          return;
        }
        for (const discount of prices.discounts) expect(discount.discountTotal).toBeGreaterThan(0);
        if (rule.type === "FREE_DELIVERY") {
          expect(prices.discountTotal).toBe(prices.deliveryTotal);
        } else {
          expect(prices.discountTotal).toBeLessThanOrEqual(prices.cartTotal);
        }
        if (rule.type === "FIXED") expect(prices.discountTotal).toBeLessThanOrEqual(rule.value);
        if (rule.type === "PERCENT") {
          expect(prices.discountTotal * 100).toBeLessThanOrEqual(prices.cartTotal * rule.value);
          if (rule.maxDiscountMinor !== null) {
            expect(prices.discountTotal).toBeLessThanOrEqual(rule.maxDiscountMinor);
          }
        }
      }),
    );
  });

  it("rounds every tax to the nearest minor unit, halves up", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { prices } = calculateCartPrices(input);
        const base = BigInt(
          prices.cartTotal + prices.deliveryTotal + prices.feesTotal - prices.discountTotal,
        );
        for (const tax of prices.taxes) {
          const rate = BigInt(tax.rateBasisPoints);
          const divisor = tax.included ? 10_000n + rate : 10_000n;
          // amount − base × rate / divisor lies in (−½, ½]: a half rounds up.
          const twiceError = 2n * BigInt(tax.amount) * divisor - 2n * base * rate;
          expect(twiceError > -divisor && twiceError <= divisor).toBe(true);
        }
      }),
    );
  });

  it("keeps delivery and free-delivery hints consistent", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { vendorCarts } = calculateCartPrices(input);
        vendorCarts.forEach((price, index) => {
          const source = input.vendorCarts[index]!;
          if (price.amountToGetFreeDeliveryMinor !== null) {
            expect(price.amountToGetFreeDeliveryMinor).toBeGreaterThan(0);
            expect(price.itemsTotalMinor + price.amountToGetFreeDeliveryMinor).toBe(
              source.freeDeliveryFromMinor,
            );
            expect(price.deliveryCostMinor).toBe(source.deliveryFeeMinor);
          }
          if (input.receiptType === "TAKEAWAY") expect(price.deliveryCostMinor).toBe(0);
        });
      }),
    );
  });

  it("never changes its input", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const before = structuredClone(input);
        calculateCartPrices(input);
        expect(input).toEqual(before);
      }),
    );
  });
});

describe("checkPromoCode", () => {
  const friendsCode = { programmeOn: true, ownCode: false, customerHasOrdered: false };
  const facts = (
    fields: Partial<Omit<PromoCodeFacts, "promo">> = {},
    promoFields: Partial<NonNullable<PromoCodeFacts["promo"]>> = {},
    ruleFields: Partial<PromoRule> = {},
  ): PromoCodeFacts => ({
    promo: {
      rule: promo({ type: "FIXED", value: 500, minCartTotalMinor: 2000, ...ruleFields }),
      validFrom: "2025-01-01T00:00:00Z",
      validUntil: "2025-12-31T23:59:59Z",
      maxUses: 10,
      usesSoFar: 3,
      maxUsesPerCustomer: 1,
      usesByCustomer: 0,
      vendorId: null,
      referral: null,
      ...promoFields,
    },
    now: "2025-06-01T12:00:00Z",
    cartTotalMinor: 5000,
    cartVendorIds: [7],
    receiptType: "DELIVERY",
    ...fields,
  });

  it.each([
    { name: "a usable code", input: facts(), result: "OK" },
    { name: "an unknown code", input: { ...facts(), promo: null }, result: "NOT_FOUND" },
    { name: "before its start", input: facts({ now: "2024-12-31T23:59:59Z" }), result: "OUTDATED" },
    { name: "at its start", input: facts({ now: "2025-01-01T00:00:00Z" }), result: "OK" },
    { name: "at its end", input: facts({ now: "2025-12-31T23:59:59Z" }), result: "OK" },
    { name: "after its end", input: facts({ now: "2026-01-01T00:00:00Z" }), result: "OUTDATED" },
    {
      name: "an instant in another offset",
      input: facts({ now: "2026-01-01T01:00:00+02:00" }),
      result: "OK",
    },
    {
      name: "unbounded dates",
      input: facts({ now: "2099-01-01T00:00:00Z" }, { validFrom: null, validUntil: null }),
      result: "OK",
    },
    { name: "used by this customer", input: facts({}, { usesByCustomer: 1 }), result: "UTILIZED" },
    {
      name: "a customer's second use of a code for three each",
      input: facts({}, { maxUsesPerCustomer: 3, usesByCustomer: 2 }),
      result: "OK",
    },
    {
      name: "a customer's fourth use of a code for three each",
      input: facts({}, { maxUsesPerCustomer: 3, usesByCustomer: 3 }),
      result: "UTILIZED",
    },
    {
      name: "no limit per customer",
      input: facts({}, { maxUsesPerCustomer: null, usesByCustomer: 40 }),
      result: "OK",
    },
    { name: "a vendor's code on its cart", input: facts({}, { vendorId: 7 }), result: "OK" },
    {
      name: "a vendor's code on another vendor's cart",
      input: facts({}, { vendorId: 8 }),
      result: "DOES_NOT_APPLY",
    },
    {
      name: "a vendor's code on a cart that also holds another vendor's",
      input: facts({ cartVendorIds: [7, 8] }, { vendorId: 7 }),
      result: "DOES_NOT_APPLY",
    },
    {
      name: "a vendor's code on an empty cart",
      input: facts(
        { cartVendorIds: [] },
        { vendorId: 7, rule: promo({ type: "FIXED", value: 500, minCartTotalMinor: 0 }) },
      ),
      result: "DOES_NOT_APPLY",
    },
    { name: "used up", input: facts({}, { maxUses: 10, usesSoFar: 10 }), result: "UTILIZED" },
    { name: "one use left", input: facts({}, { maxUses: 10, usesSoFar: 9 }), result: "OK" },
    { name: "unlimited uses", input: facts({}, { maxUses: null, usesSoFar: 1_000_000 }), result: "OK" },
    { name: "below the minimum total", input: facts({ cartTotalMinor: 1999 }), result: "DOES_NOT_APPLY" },
    { name: "at the minimum total", input: facts({ cartTotalMinor: 2000 }), result: "OK" },
    {
      name: "free delivery on takeaway",
      input: facts({ receiptType: "TAKEAWAY" }, {}, { type: "FREE_DELIVERY", value: 0 }),
      result: "DOES_NOT_APPLY",
    },
    {
      name: "free delivery on delivery",
      input: facts({}, {}, { type: "FREE_DELIVERY", value: 0 }),
      result: "OK",
    },
    {
      name: "outdated before used up",
      input: facts({ now: "2026-06-01T00:00:00Z" }, { usesByCustomer: 1 }),
      result: "OUTDATED",
    },
    {
      name: "a friend's referral code on a first order",
      input: facts({}, { referral: friendsCode }),
      result: "OK",
    },
    {
      name: "a referral code where the programme does not run",
      input: facts({}, { referral: { ...friendsCode, programmeOn: false } }),
      result: "NOT_FOUND",
    },
    {
      name: "one's own referral code",
      input: facts({}, { referral: { ...friendsCode, ownCode: true } }),
      result: "DOES_NOT_APPLY",
    },
    {
      name: "a referral code after the first order",
      input: facts({}, { referral: { ...friendsCode, customerHasOrdered: true } }),
      result: "DOES_NOT_APPLY",
    },
    {
      name: "used up before the minimum total",
      input: facts({ cartTotalMinor: 0 }, { usesByCustomer: 1 }),
      result: "UTILIZED",
    },
  ])("$name: $result", ({ input, result }) => {
    expect(checkPromoCode(input)).toBe(result);
  });
});
