import {
  type CartPricing,
  type CartValidationResult,
  calculateCartPrices,
  checkPromoCode,
  type DeliverySlotsInput,
  firstSlotSelling,
  type ImageConfig,
  isPointInPolygon,
  isValidPreorderTime,
  isVendorOpenAt,
  type Locale,
  listDeliverySlots,
  localDateOf,
  localMomentOf,
  type PromoCheckResult,
  type PromoRule,
  pickText,
  type ReceiptType,
  type VendorClosure,
  validateCart,
  type WorkingInterval,
  weeklySchedule,
} from "@storefront/domain";
import type { CartResponse } from "@storefront/domain/contract";
import { availabilityClock } from "../catalogue/availability.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { type LocalityRow, zoneOf } from "../catalogue/localities.ts";
import { vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import type { Partner } from "../plugins/partner.ts";
import {
  loadMenuFacts,
  loadPromoFacts,
  type MenuFacts,
  type PromoFacts,
  promoCheckFacts,
} from "./cart-facts.ts";
import { toCartResponse } from "./cart-json.ts";
import { readCartLines } from "./cart-lines.ts";
import type { StoredCart } from "./cart-store.ts";
import { closingBeforeArrival } from "./closing-notice.ts";

const ALWAYS_OPEN = weeklySchedule({ from: "00:00", until: "24:00" });
const DEFAULT_PREORDER = { type: "NONE", value: 4 } as const;

/** What the view is computed for: whose cart, read in which language, at what time. */
export interface CartContext {
  partner: Partner;
  locality: LocalityRow;
  reader: Locale | null;
  now: Date;
  userId: number | null;
}

/** The cart as the customer sees it, with what the API needs beyond the JSON. */
export interface EvaluatedCart {
  response: CartResponse;
  pricing: CartPricing;
  validation: CartValidationResult;
}

/** The receipt types every vendor of the cart offers, within the locality's. */
export function availableReceiptTypes(
  locality: LocalityRow,
  facts: Pick<MenuFacts, "vendors">,
): ReceiptType[] {
  const offered = locality.params.receiptTypes ?? ["DELIVERY"];
  return offered.filter((type) => [...facts.vendors.values()].every((v) => v.receiptTypes.includes(type)));
}

/** The slot rules for one vendor (or none: the service's own hours) of the cart. */
export function slotsInputFor(
  context: CartContext,
  vendor: { workingHours: WorkingInterval[]; closures: VendorClosure[] } | null,
  deliveryMinutes: number,
): DeliverySlotsInput {
  const { locality, now } = context;
  return {
    today: localDateOf(now, locality.timeZone),
    nowMinutes: localMomentOf(now, locality.timeZone).minutes,
    preOrderPeriod: locality.params.preOrderPeriod ?? DEFAULT_PREORDER,
    vendorHours: vendor?.workingHours ?? ALWAYS_OPEN,
    closures: vendor?.closures ?? [],
    serviceHours: locality.params.workingHours ?? [],
    deliveryMinutes,
  };
}

/** The vendors whose items the cart holds (a vendor's promo code applies to its cart alone). */
export function cartVendorIds(stored: StoredCart): number[] {
  return stored.vendorCarts.filter((vendorCart) => vendorCart.items.length > 0).map((v) => v.vendorId);
}

function promoRuleOf(
  promo: PromoFacts | null,
  context: CartContext,
  stored: StoredCart,
  cartTotalMinor: number,
) {
  if (!promo) return { rule: null, result: null };
  const facts = promoCheckFacts(promo, context.locality);
  const result: PromoCheckResult = checkPromoCode({
    promo: facts,
    now: context.now.toISOString(),
    cartTotalMinor,
    cartVendorIds: cartVendorIds(stored),
    receiptType: stored.cart.receiptType,
  });
  return { rule: result === "OK" ? facts.rule : null, result };
}

/** Prices, validates and serializes a cart. Pure: the facts are loaded by `describeCart`. */
export function evaluateCart(
  stored: StoredCart,
  facts: MenuFacts,
  promo: PromoFacts | null,
  imageOf: (id: number | null) => ImageConfig | null,
  context: CartContext,
): EvaluatedCart {
  const { cart } = stored;
  const { locality } = context;
  const point = cart.address ? { latitude: cart.address.latitude, longitude: cart.address.longitude } : null;
  const vendorsContext = vendorContext(
    locality,
    { ...(point ?? {}), ...(cart.preorderDateTime ? { preorderDateTime: cart.preorderDateTime } : {}) },
    context.reader,
    context.now,
  );
  const clock = availabilityClock(locality.timeZone, context.now, cart.preorderDateTime ?? undefined);
  const takeaway = cart.receiptType === "TAKEAWAY";

  const lines = readCartLines(stored, facts, vendorsContext, clock);

  const priceOnce = (valid: (cartProductId: number) => boolean, rule: PromoRule | null) =>
    calculateCartPrices({
      receiptType: cart.receiptType,
      vendorCarts: lines.map(({ vendorCart, vendor, estimate, items }) => ({
        key: vendorCart.id,
        deliveryFeeMinor: estimate?.deliveryPriceMinor ?? 0,
        freeDeliveryFromMinor: locality.params.freeDeliveryFromMinor ?? null,
        items: items.map(({ item, product, chosen }) => ({
          key: item.id,
          count: item.count,
          priceMinor: product ? (product.discountPrice ?? product.price) : 0,
          originalPriceMinor: product?.price ?? 0,
          components: chosen.map((c) => ({ priceMinor: c.option?.price ?? 0, count: c.count })),
          valid: vendor !== null && product !== null && valid(item.id),
        })),
      })),
      promo: rule,
      serviceFees: (locality.params.serviceFees ?? []).map((fee) => ({
        ...fee,
        description:
          typeof fee.description === "object" && fee.description !== null
            ? pickText(fee.description, context.reader, locality.lang as Locale)
            : fee.description,
      })),
      taxes: locality.params.taxes ?? [],
      tipMinor: cart.tip,
    });

  // Validation needs each vendor cart's total; the total counts only lines that are valid.
  const insideZone = point ? isPointInPolygon(point, zoneOf(locality)) : false;
  const preorderValid = (deliveryMinutesOf: (i: number) => number) =>
    cart.preorderDateTime === null
      ? null
      : {
          valid:
            lines.length === 0
              ? isValidPreorderTime(slotsInputFor(context, null, 0), cart.preorderDateTime)
              : lines.every((line, i) =>
                  isValidPreorderTime(
                    slotsInputFor(context, line.vendor, deliveryMinutesOf(i)),
                    cart.preorderDateTime as string,
                  ),
                ),
        };
  const firstPass = priceOnce(() => true, null);
  const validation = validateCart({
    vendorCarts: lines.map(({ vendorCart, vendor, items, estimate }, i) => ({
      vendorCartId: vendorCart.id,
      vendorId: vendorCart.vendorId,
      vendor: vendor
        ? {
            visible: vendor.visible,
            opensForDeliveryTime: cart.preorderDateTime ? true : isVendorOpenAt(vendor, clock),
            // Closed now: the first time it can take the order instead, as the closing notice offers.
            nextSlot:
              cart.preorderDateTime || isVendorOpenAt(vendor, clock)
                ? null
                : firstSlotSelling(
                    listDeliverySlots(
                      slotsInputFor(
                        context,
                        vendor,
                        takeaway ? vendor.cookingMinutesMax : (estimate?.minutes.max ?? 0),
                      ),
                    ),
                    items.map((line) => line.saleHours),
                  ),
          }
        : null,
      items: items.map(({ item, product, groups, optionsOf, sells }) => ({
        cartProductId: item.id,
        productId: item.productId,
        components: item.components.map((c) => ({ optionId: c.id, count: c.count })),
        product: product
          ? {
              visible: product.visible,
              available: product.available,
              sellsAtDeliveryTime: sells,
              groups: groups.map((g) => ({
                id: g.id,
                required: g.required,
                multiSelection: g.multiSelection,
                maxCount: g.maxCount,
                options: optionsOf(g.id).map((o) => ({ id: o.id, available: o.available })),
              })),
            }
          : null,
      })),
      itemsTotalMinor: firstPass.vendorCarts[i]?.itemsTotalMinor ?? 0,
      minOrderPriceMinor: Math.max(vendor?.minOrderPrice ?? 0, locality.params.minOrderPrice ?? 0),
    })),
    preorder: preorderValid((i) => {
      const line = lines[i];
      if (!line?.vendor || !line.estimate) return 0;
      return takeaway ? line.vendor.cookingMinutesMax : line.estimate.minutes.max;
    }),
    delivery: takeaway ? null : { insideZone },
    closingBeforeArrival: cart.preorderDateTime
      ? []
      : closingBeforeArrival(lines, {
          today: localDateOf(context.now, locality.timeZone),
          now: localMomentOf(context.now, locality.timeZone).minutes,
          receiptType: cart.receiptType,
          receiptTypes: availableReceiptTypes(locality, facts),
          slotsFor: (vendor, minutes) => slotsInputFor(context, vendor, minutes),
        }),
  });
  const invalidLines = new Set(validation.invalidProducts.map((p) => p.cartProductId));
  const isValidLine = (cartProductId: number) => !invalidLines.has(cartProductId);
  const unpromoted = priceOnce(isValidLine, null);
  const promoState = promoRuleOf(promo, context, stored, unpromoted.prices.cartTotal);
  const pricing = promoState.rule ? priceOnce(isValidLine, promoState.rule) : unpromoted;

  const response = toCartResponse({
    stored,
    lines,
    pricing,
    validation,
    promo,
    promoCheckResult: promoState.result,
    availableReceiptTypes: availableReceiptTypes(locality, facts),
    imageOf,
    context,
  });
  return { response, pricing, validation };
}

/** Loads what the cart's view needs and evaluates it. */
export async function describeCart(
  db: Database,
  imageStore: ImageStore,
  stored: StoredCart,
  context: CartContext,
): Promise<EvaluatedCart> {
  const facts = await loadMenuFacts(db, stored);
  const promo = await loadPromoFacts(db, stored.cart.promoCodeId, context.userId);
  const imageOf = await imageStore.load([
    ...[...facts.vendors.values()].map((v) => v.avatarId),
    ...[...facts.products.values()].map((p) => p.imageId),
  ]);
  return evaluateCart(stored, facts, promo, imageOf, context);
}
