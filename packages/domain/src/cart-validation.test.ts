import { describe, expect, it } from "vitest";
import {
  type CartItemFacts,
  type CartValidationFacts,
  type CartValidationResult,
  type VendorCartFacts,
  validateCart,
} from "./cart-validation.ts";

type Product = NonNullable<CartItemFacts["product"]>;

// Size: one of two, required; option 12 is out of stock. Toppings: up to three units, optional.
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
        { id: 12, available: false },
      ],
    },
    {
      id: 2,
      required: false,
      multiSelection: true,
      maxCount: 3,
      options: [
        { id: 21, available: true },
        { id: 22, available: true },
      ],
    },
  ],
  ...overrides,
});

const item = (overrides: Partial<CartItemFacts> = {}): CartItemFacts => ({
  cartProductId: 100,
  productId: 7,
  components: [
    { optionId: 11, count: 1 },
    { optionId: 21, count: 2 },
  ],
  product: product(),
  ...overrides,
});

const vendorCart = (overrides: Partial<VendorCartFacts> = {}): VendorCartFacts => ({
  vendorCartId: 10,
  vendorId: 3,
  vendor: { visible: true, opensForDeliveryTime: true },
  items: [item()],
  itemsTotalMinor: 2000,
  minOrderPriceMinor: 1500,
  ...overrides,
});

const facts = (overrides: Partial<CartValidationFacts> = {}): CartValidationFacts => ({
  vendorCarts: [vendorCart()],
  preorder: null,
  delivery: { insideZone: true },
  ...overrides,
});

const failed = (overrides: Partial<CartValidationResult>): CartValidationResult => ({
  status: "VALIDATION_FAILED",
  invalidProducts: [],
  invalidVendors: [],
  invalidDeliveryTime: false,
  invalidLocation: false,
  closingBeforeArrival: [],
  belowMinimum: [],
  ...overrides,
});

const closing = {
  vendorCartId: 10,
  closesAt: "22:00",
  arrivesAt: "22:20",
  takeawayReadyAt: "21:55",
  nextSlot: "2026-11-24T11:00:00",
};

const success: CartValidationResult = { ...failed({}), status: "SUCCESS" };

/** The one item of the default cart, invalid for a reason. */
const invalidItem = (
  reason: CartValidationResult["invalidProducts"][number]["reason"],
  invalidComponents: CartValidationResult["invalidProducts"][number]["invalidComponents"] = [],
) =>
  failed({
    invalidProducts: [{ cartProductId: 100, vendorCartId: 10, productId: 7, reason, invalidComponents }],
  });

const withItem = (overrides: Partial<CartItemFacts>) =>
  facts({ vendorCarts: [vendorCart({ items: [item(overrides)] })] });
const withVendorCart = (overrides: Partial<VendorCartFacts>) =>
  facts({ vendorCarts: [vendorCart(overrides)] });

describe("validateCart", () => {
  it.each<[string, CartValidationFacts, CartValidationResult]>([
    ["a cart with nothing wrong", facts(), success],
    ["a valid preorder for takeaway", facts({ preorder: { valid: true }, delivery: null }), success],
    ["an empty cart", facts({ vendorCarts: [] }), success],
    ["no minimum order", withVendorCart({ itemsTotalMinor: 0, minOrderPriceMinor: 0 }), success],
    ["a total just at the minimum", withVendorCart({ itemsTotalMinor: 1500 }), success],
    ["optional toppings left out", withItem({ components: [{ optionId: 11, count: 1 }] }), success],
    [
      "a vendor that is gone",
      withVendorCart({ vendor: null }),
      failed({
        invalidVendors: [{ vendorCartId: 10, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
      }),
    ],
    [
      "a hidden vendor",
      withVendorCart({ vendor: { visible: false, opensForDeliveryTime: true } }),
      failed({
        invalidVendors: [{ vendorCartId: 10, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
      }),
    ],
    [
      "a vendor closed at the delivery time",
      withVendorCart({ vendor: { visible: true, opensForDeliveryTime: false } }),
      failed({
        invalidVendors: [
          { vendorCartId: 10, vendorId: 3, status: "VENDOR_INVALID_DELIVERY_INTERVAL", nextSlot: null },
        ],
      }),
    ],
    [
      "a vendor closed now that takes the order for later",
      withVendorCart({
        vendor: { visible: true, opensForDeliveryTime: false, nextSlot: "2026-11-24T07:30:00" },
      }),
      failed({
        invalidVendors: [
          {
            vendorCartId: 10,
            vendorId: 3,
            status: "VENDOR_INVALID_DELIVERY_INTERVAL",
            nextSlot: "2026-11-24T07:30:00",
          },
        ],
      }),
    ],
    [
      "a hidden vendor's items are still checked",
      withVendorCart({ vendor: null, items: [item({ product: null })] }),
      failed({
        invalidVendors: [{ vendorCartId: 10, vendorId: 3, status: "VENDOR_HIDDEN", nextSlot: null }],
        invalidProducts: [
          {
            cartProductId: 100,
            vendorCartId: 10,
            productId: 7,
            reason: "PRODUCT_REMOVED",
            invalidComponents: [],
          },
        ],
      }),
    ],
    ["a product that is gone", withItem({ product: null }), invalidItem("PRODUCT_REMOVED")],
    [
      "a hidden product, also out of stock",
      withItem({ product: product({ visible: false, available: false }) }),
      invalidItem("PRODUCT_HIDDEN"),
    ],
    [
      "a product out of stock",
      withItem({ product: product({ available: false }) }),
      invalidItem("PRODUCT_NOT_AVAILABLE"),
    ],
    [
      "a product whose section does not sell at the delivery time",
      withItem({ product: product({ sellsAtDeliveryTime: false }) }),
      invalidItem("PRODUCT_INVALID_DELIVERY_INTERVAL"),
    ],
    [
      "a chosen option that is gone",
      withItem({
        components: [
          { optionId: 11, count: 1 },
          { optionId: 99, count: 1 },
        ],
      }),
      invalidItem("OPTIONS_REMOVED", [{ componentId: 99, groupId: 0, reason: "REMOVED" }]),
    ],
    [
      "a chosen option out of stock",
      withItem({ components: [{ optionId: 12, count: 1 }] }),
      invalidItem("OPTIONS_REMOVED", [{ componentId: 12, groupId: 1, reason: "COMPONENTS_NOT_AVAILABLE" }]),
    ],
    [
      "a required group left empty",
      withItem({ components: [{ optionId: 21, count: 1 }] }),
      invalidItem("OPTIONS_REMOVED", [{ componentId: 1, groupId: 1, reason: "INVALID_REQUIRED" }]),
    ],
    [
      "a required group whose only choice was removed from it",
      withItem({ components: [{ optionId: 99, count: 1 }] }),
      invalidItem("OPTIONS_REMOVED", [
        { componentId: 99, groupId: 0, reason: "REMOVED" },
        { componentId: 1, groupId: 1, reason: "INVALID_REQUIRED" },
      ]),
    ],
    [
      "two units in a single-choice group",
      withItem({ components: [{ optionId: 11, count: 2 }] }),
      invalidItem("OPTIONS_REMOVED", [{ componentId: 1, groupId: 1, reason: "INVALID_MULTI_SELECTION" }]),
    ],
    [
      "more units than a multi-choice group allows",
      withItem({
        components: [
          { optionId: 11, count: 1 },
          { optionId: 21, count: 2 },
          { optionId: 22, count: 2 },
        ],
      }),
      invalidItem("OPTIONS_REMOVED", [{ componentId: 2, groupId: 2, reason: "INVALID_MULTI_SELECTION" }]),
    ],
    [
      "two options in a single-choice group, one of them out of stock",
      withItem({
        components: [
          { optionId: 11, count: 1 },
          { optionId: 12, count: 1 },
        ],
      }),
      invalidItem("OPTIONS_REMOVED", [
        { componentId: 12, groupId: 1, reason: "COMPONENTS_NOT_AVAILABLE" },
        { componentId: 1, groupId: 1, reason: "INVALID_MULTI_SELECTION" },
      ]),
    ],
    [
      "a vendor cart below its minimum",
      withVendorCart({ itemsTotalMinor: 900 }),
      failed({ belowMinimum: [{ vendorCartId: 10, minOrderPriceMinor: 1500, missingMinor: 600 }] }),
    ],
    [
      "a preorder time that is no longer a slot",
      facts({ preorder: { valid: false } }),
      failed({ invalidDeliveryTime: true }),
    ],
    [
      "a delivery point outside the zone",
      facts({ delivery: { insideZone: false } }),
      failed({ invalidLocation: true }),
    ],
    [
      "a vendor closing before the order could arrive",
      facts({ closingBeforeArrival: [closing] }),
      failed({ closingBeforeArrival: [closing] }),
    ],
    [
      "problems in several vendor carts",
      facts({
        vendorCarts: [
          vendorCart({
            items: [item({ product: product({ available: false }) }), item({ cartProductId: 101 })],
          }),
          vendorCart({
            vendorCartId: 20,
            vendorId: 4,
            vendor: { visible: true, opensForDeliveryTime: false },
            items: [item({ cartProductId: 200, productId: 8, product: product({ visible: false }) })],
            itemsTotalMinor: 0,
          }),
        ],
      }),
      failed({
        invalidVendors: [
          { vendorCartId: 20, vendorId: 4, status: "VENDOR_INVALID_DELIVERY_INTERVAL", nextSlot: null },
        ],
        invalidProducts: [
          {
            cartProductId: 100,
            vendorCartId: 10,
            productId: 7,
            reason: "PRODUCT_NOT_AVAILABLE",
            invalidComponents: [],
          },
          {
            cartProductId: 200,
            vendorCartId: 20,
            productId: 8,
            reason: "PRODUCT_HIDDEN",
            invalidComponents: [],
          },
        ],
        belowMinimum: [{ vendorCartId: 20, minOrderPriceMinor: 1500, missingMinor: 1500 }],
      }),
    ],
  ])("%s", (_name, given, expected) => {
    expect(validateCart(given)).toEqual(expected);
  });

  it("does not change its input", () => {
    const given = facts({
      vendorCarts: [vendorCart({ vendor: null, itemsTotalMinor: 100, items: [item({ components: [] })] })],
      preorder: { valid: false },
    });
    const copy = structuredClone(given);
    validateCart(given);
    expect(given).toEqual(copy);
  });
});
