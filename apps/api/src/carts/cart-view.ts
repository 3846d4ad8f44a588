import {
  type CartEvaluation,
  type CartEvaluationFacts,
  type DeliverySlotsInput,
  deliverySlotDays,
  evaluateCart,
  firstSlotSelling,
  type ImageConfig,
  isPointInPolygon,
  isValidPreorderTime,
  isVendorOpenAt,
  type Locale,
  localDateOf,
  localMomentOf,
  pickText,
  type ReceiptType,
  type VendorClosure,
  type WorkingInterval,
  weeklySchedule,
} from "@storefront/domain";
import { availabilityClock } from "../catalogue/availability.ts";
import type { ImageStore } from "../catalogue/images.ts";
import { type LocalityRow, zoneOf } from "../catalogue/localities.ts";
import { vendorContext } from "../catalogue/vendors.ts";
import type { Database } from "../db/client.ts";
import type { CartContext, EvaluatedCart } from "./cart-context.ts";
import {
  loadMenuFacts,
  loadPromoFacts,
  type MenuFacts,
  type PromoFacts,
  promoCheckFacts,
} from "./cart-facts.ts";
import { toCartResponse } from "./cart-json.ts";
import { type CartLines, readCartLines } from "./cart-lines.ts";
import type { StoredCart } from "./cart-store.ts";
import { closingBeforeArrival } from "./closing-notice.ts";

export type { CartContext, EvaluatedCart };

const ALWAYS_OPEN = weeklySchedule({ from: "00:00", until: "24:00" });
const DEFAULT_PREORDER = { type: "NONE", value: 4 } as const;

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

/** A stored cart joined to the menu as it is now, and the domain's evaluation of it. */
export interface StoredCartEvaluation {
  lines: CartLines;
  /** The promo code it was evaluated with. */
  promo: PromoFacts | null;
  evaluation: CartEvaluation;
}

/**
 * Gathers what the domain's `evaluateCart` needs of a stored cart (its lines on the menu as it is
 * now, each vendor's delivery estimate and hours at the cart's point and time, the locality's fees
 * and taxes, the promo code) and evaluates it. Pure: the facts are loaded by the caller.
 */
export function evaluateStoredCart(
  stored: StoredCart,
  menu: MenuFacts,
  promo: PromoFacts | null,
  context: CartContext,
): StoredCartEvaluation {
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
  const lines = readCartLines(stored, menu, vendorsContext, clock);
  const deliveryMinutesOf = (line: CartLines[number]) => {
    if (!line.vendor || !line.estimate) return 0;
    return takeaway ? line.vendor.cookingMinutesMax : line.estimate.minutes.max;
  };
  const preorderDateTime = cart.preorderDateTime;

  const facts: CartEvaluationFacts = {
    receiptType: cart.receiptType,
    vendorCarts: lines.map(({ vendorCart, vendor, estimate, items }) => ({
      vendorCartId: vendorCart.id,
      vendorId: vendorCart.vendorId,
      vendor: vendor
        ? {
            visible: vendor.visible,
            opensForDeliveryTime: preorderDateTime ? true : isVendorOpenAt(vendor, clock),
            // Closed now: the first time it can take the order instead, as the closing notice offers.
            nextSlot:
              preorderDateTime || isVendorOpenAt(vendor, clock)
                ? null
                : firstSlotSelling(
                    deliverySlotDays(
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
      items: items.map(({ item, product, groups, optionsOf, chosen, sells }) => ({
        cartProductId: item.id,
        productId: item.productId,
        count: item.count,
        priceMinor: product ? (product.discountPrice ?? product.price) : 0,
        originalPriceMinor: product?.price ?? 0,
        components: chosen.map((c) => ({ optionId: c.id, count: c.count, priceMinor: c.option?.price ?? 0 })),
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
      deliveryFeeMinor: estimate?.deliveryPriceMinor ?? 0,
      minOrderPriceMinor: Math.max(vendor?.minOrderPrice ?? 0, locality.params.minOrderPrice ?? 0),
    })),
    freeDeliveryFromMinor: locality.params.freeDeliveryFromMinor ?? null,
    serviceFees: (locality.params.serviceFees ?? []).map((fee) => ({
      ...fee,
      description:
        typeof fee.description === "object" && fee.description !== null
          ? pickText(fee.description, context.reader, locality.lang as Locale)
          : fee.description,
    })),
    taxes: locality.params.taxes ?? [],
    // A takeaway has no courier to tip: the tip chosen for a delivery waits, kept, for the next one.
    tipMinor: takeaway ? 0 : cart.tip,
    preorder:
      preorderDateTime === null
        ? null
        : {
            valid:
              lines.length === 0
                ? isValidPreorderTime(slotsInputFor(context, null, 0), preorderDateTime)
                : lines.every((line) =>
                    isValidPreorderTime(
                      slotsInputFor(context, line.vendor, deliveryMinutesOf(line)),
                      preorderDateTime,
                    ),
                  ),
          },
    delivery: takeaway ? null : { insideZone: point ? isPointInPolygon(point, zoneOf(locality)) : false },
    closingBeforeArrival: preorderDateTime
      ? []
      : closingBeforeArrival(lines, {
          today: localDateOf(context.now, locality.timeZone),
          now: localMomentOf(context.now, locality.timeZone).minutes,
          receiptType: cart.receiptType,
          receiptTypes: availableReceiptTypes(locality, menu),
          slotsFor: (vendor, minutes) => slotsInputFor(context, vendor, minutes),
        }),
    promo: promo ? promoCheckFacts(promo, locality) : null,
    loyalty: cart.usePoints ? context.points : null,
    now: context.now.toISOString(),
  };
  return { lines, promo, evaluation: evaluateCart(facts) };
}

/** The answer of a cart call: the evaluated cart as JSON, with its pricing and validation. */
export function viewCart(
  stored: StoredCart,
  menu: MenuFacts,
  evaluated: StoredCartEvaluation,
  imageOf: (id: number | null) => ImageConfig | null,
  context: CartContext,
): EvaluatedCart {
  const { pricing, validation, promoCheckResult } = evaluated.evaluation;
  const response = toCartResponse({
    stored,
    lines: evaluated.lines,
    pricing,
    validation,
    promo: evaluated.promo,
    promoCheckResult,
    availableReceiptTypes: availableReceiptTypes(context.locality, menu),
    imageOf,
    context,
  });
  return { response, pricing, validation };
}

/** The pictures of the cart's vendors and products. */
export function loadCartImages(imageStore: ImageStore, menu: MenuFacts) {
  return imageStore.load([
    ...[...menu.vendors.values()].map((v) => v.avatarId),
    ...[...menu.products.values()].map((p) => p.imageId),
  ]);
}

/** Loads what the cart's view needs, evaluates it and answers its view. */
export async function describeCart(
  db: Database,
  imageStore: ImageStore,
  stored: StoredCart,
  context: CartContext,
): Promise<EvaluatedCart> {
  const menu = await loadMenuFacts(db, stored);
  const promo = await loadPromoFacts(db, stored.cart.promoCodeId, context.userId);
  const imageOf = await loadCartImages(imageStore, menu);
  return viewCart(stored, menu, evaluateStoredCart(stored, menu, promo, context), imageOf, context);
}
