import {
  type CartPricing,
  type CartValidationResult,
  courierDetailsOf,
  goodsAfterPromo,
  type ImageConfig,
  instructionsForOrder,
  type Locale,
  pickText,
  redeemablePoints,
  toMajorUnits,
} from "@storefront/domain";
import type { Cart, CartResponse } from "@storefront/domain/contract";
import type { CartContext } from "./cart-context.ts";
import type { PromoFacts } from "./cart-facts.ts";
import type { CartLines } from "./cart-lines.ts";
import type { StoredCart } from "./cart-store.ts";

/**
 * The owner's points as the cart offers them: the balance, whether the cart spends them, and the
 * most its goods let it spend now (after a promo code); null for a guest or where the city runs no
 * programme.
 */
function loyaltyOf(context: CartContext, pricing: CartPricing, usePoints: boolean): Cart["loyalty"] {
  const { points } = context;
  if (!points?.programme.enabled) return null;
  const { prices } = pricing;
  return {
    balance: points.balance,
    usePoints,
    redeemablePoints: redeemablePoints(
      points.programme,
      points.balance,
      goodsAfterPromo(prices.cartTotal, prices.discounts),
    ),
    pointValue: toMajorUnits(points.programme.pointValueMinor, context.locality.currencyCode),
    minimumToRedeem: points.programme.minimumToRedeem,
  };
}

/** The cart's JSON: the stored cart, its lines as they are now, priced and validated. */
export function toCartResponse(input: {
  stored: StoredCart;
  lines: CartLines;
  pricing: CartPricing;
  validation: CartValidationResult;
  promo: PromoFacts | null;
  promoCheckResult: Cart["promoCheckResult"];
  availableReceiptTypes: Cart["availableReceiptTypes"];
  imageOf: (id: number | null) => ImageConfig | null;
  context: CartContext;
}): CartResponse {
  const { stored, lines, pricing, validation, promo, imageOf, context } = input;
  const { cart } = stored;
  const { locality } = context;
  const currency = locality.currencyCode;
  const money = (minor: number) => toMajorUnits(minor, currency);
  const text = (value: Record<string, string>) => pickText(value, context.reader, locality.lang as Locale);
  const { prices } = pricing;

  const vendorCartsJson: Cart["vendorCarts"] = lines.map(({ vendorCart, vendor, estimate, items }, i) => {
    const priced = pricing.vendorCarts[i];
    return {
      vendorCartId: vendorCart.id,
      vendorId: vendorCart.vendorId,
      vendorName: vendor?.name ?? "",
      vendorAvatar: imageOf(vendor?.avatarId ?? null),
      receiptTypes: vendor?.receiptTypes ?? [],
      totalPrice: money(priced?.itemsTotalMinor ?? 0),
      originalTotalPrice: money(priced?.originalTotalMinor ?? 0),
      deliveryCost: money(priced?.deliveryCostMinor ?? 0),
      minOrderPrice: money(Math.max(vendor?.minOrderPrice ?? 0, locality.params.minOrderPrice ?? 0)),
      amountToGetFreeDelivery:
        priced?.amountToGetFreeDeliveryMinor == null ? null : money(priced.amountToGetFreeDeliveryMinor),
      minEstimatedDeliveryDuration: estimate?.minutes.min ?? 0,
      maxEstimatedDeliveryDuration: estimate?.minutes.max ?? 0,
      cutlery: vendorCart.cutlery,
      allowsCutlery: vendor?.allowsCutlery ?? false,
      maxCutlery: vendor?.maxCutlery ?? null,
      items: items.map(({ item, product, chosen }, j) => {
        const line = priced?.items[j];
        return {
          cartProductId: item.id,
          productId: item.productId,
          name: product ? text(product.name) : text(item.productName),
          count: item.count,
          price: money(line?.unitPriceMinor ?? 0),
          originalPrice: money(line?.unitOriginalPriceMinor ?? 0),
          discountPrice: product?.discountPrice != null ? money(product.discountPrice) : null,
          discount: line?.discountPercent ?? 0,
          totalPrice: money(line?.totalMinor ?? 0),
          comment: item.comment,
          image: imageOf(product?.imageId ?? null),
          components: chosen.map((c) => ({
            id: c.id,
            groupId: c.group?.id ?? 0,
            name: c.option ? text(c.option.name) : "",
            count: c.count,
            price: money(c.option?.price ?? 0),
            originalPrice: money(c.option?.price ?? 0),
          })),
          ...(item.memberId !== null ? { person: stored.people.get(item.memberId) ?? "" } : {}),
        };
      }),
    };
  });

  const estimates = lines.flatMap((l) => (l.estimate ? [l.estimate.minutes] : []));
  // A store's items may be out of stock when picked: the customer says what becomes of them.
  const groceries = lines.some((line) => line.vendor?.vendorType === "STORE");
  const json: Cart = {
    cartId: cart.id,
    localityCode: locality.code,
    currencyCode: currency,
    receiptType: cart.receiptType,
    availableReceiptTypes: input.availableReceiptTypes,
    paymentType: cart.paymentType,
    paymentMethod: cart.paymentMethod,
    preorderDateTime: cart.preorderDateTime,
    quickDelivery: cart.preorderDateTime === null,
    deliveryTime:
      estimates.length === 0
        ? null
        : {
            min: Math.max(...estimates.map((m) => m.min)),
            max: Math.max(...estimates.map((m) => m.max)),
          },
    withCutlery: stored.vendorCarts.some((v) => v.cutlery > 0),
    deliveryInstructions: instructionsForOrder(cart.deliveryInstructions, {
      receiptType: cart.receiptType,
      hasGroceries: groceries,
    }),
    groceries,
    promocode: promo?.row.code ?? null,
    promoType: promo?.row.type ?? null,
    promoCheckResult: input.promoCheckResult,
    tipAmount: money(prices.tipAmount),
    loyalty: loyaltyOf(context, pricing, cart.usePoints),
    address: cart.address
      ? {
          customerAddressId: cart.address.customerAddressId,
          latitude: cart.address.latitude,
          longitude: cart.address.longitude,
          formattedAddress: cart.address.formattedAddress,
          shortAddress: cart.address.shortAddress,
          ...courierDetailsOf(cart.address),
        }
      : null,
    vendorCarts: vendorCartsJson,
    prices: {
      cartTotal: money(prices.cartTotal),
      finalTotal: money(prices.finalTotal),
      originalTotal: money(prices.originalTotal),
      deliveryTotal: money(prices.deliveryTotal),
      taxTotal: money(prices.taxTotal),
      taxes: prices.taxes.map((t) => ({
        name: t.name,
        rate: t.rateBasisPoints / 100,
        included: t.included,
        amount: money(t.amount),
      })),
      fees: prices.fees.map((f) => ({ name: f.name, description: f.description, amount: money(f.amount) })),
      amountToGetFreeDelivery:
        prices.amountToGetFreeDelivery === null ? null : money(prices.amountToGetFreeDelivery),
      discounts: prices.discounts.map((d) => ({ ...d, discountTotal: money(d.discountTotal) })),
      tipAmount: money(prices.tipAmount),
    },
    totalPrice: money(prices.cartTotal),
    price: money(prices.finalTotal),
    itemsCount: stored.vendorCarts.reduce((sum, v) => sum + v.items.reduce((s, i) => s + i.count, 0), 0),
  };
  const validateCartResult: CartResponse["validateCartResult"] = {
    ...validation,
    belowMinimum: validation.belowMinimum.map((b) => ({
      vendorCartId: b.vendorCartId,
      minOrderPrice: money(b.minOrderPriceMinor),
      missing: money(b.missingMinor),
    })),
  };
  return { cart: json, validateCartResult };
}
