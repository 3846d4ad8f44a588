import {
  calculateDeliveryPrice,
  closingWithin,
  distanceKm,
  estimateDeliveryMinutes,
  formatMinutesRange,
  formatTimeOfDay,
  type ImageConfig,
  isPointInPolygon,
  isVendorOpenAt,
  type Locale,
  type Point,
  pickText,
  toMajorUnits,
  toMinorUnits,
  vendorAvailability,
} from "@storefront/domain";
import type { VendorDetail, VendorSummary } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type AvailabilityClock, availabilityClock } from "./availability.ts";
import type { ImageStore } from "./images.ts";
import { largestVariantPath } from "./images.ts";
import { type LocalityRow, zoneOf } from "./localities.ts";
import {
  findVendorSummaryRows,
  findVisibleVendor,
  type SummaryRow,
  type VendorRow,
} from "./vendors-repository.ts";

export type { SummaryRow, VendorRow } from "./vendors-repository.ts";

/** Delivery pricing when a locality sets none: 2 km in the base fee, then 0.50 of the major unit per km. */
const FALLBACK_PRICING = { includedKm: 2, perKmMajor: 0.5 };

export interface VendorContext {
  locality: LocalityRow;
  clock: AvailabilityClock;
  /** The locality's wall clock now, for `working` (clock may be a preorder time instead). */
  nowClock: AvailabilityClock;
  /** The customer's point when the locality delivers to it; a point outside its zone counts as none. */
  point: Point | null;
  /** Whether the locality's vendors deliver to the given point; null when no point was given. */
  deliversToPoint: boolean | null;
  reader: Locale | null;
  now: Date;
}

export function vendorContext(
  locality: LocalityRow,
  query: {
    latitude?: number | undefined;
    longitude?: number | undefined;
    preorderDateTime?: string | undefined;
  },
  reader: Locale | null,
  now: Date,
): VendorContext {
  const given =
    query.latitude !== undefined && query.longitude !== undefined
      ? { latitude: query.latitude, longitude: query.longitude }
      : null;
  // An address in another city is out of every vendor's reach here: no distance, time or price is
  // made up for it (a Riga address seen from Kyiv gave "2800-3645 min" and UAH 16,775).
  const deliversToPoint = given ? isPointInPolygon(given, zoneOf(locality)) : null;
  const point = deliversToPoint ? given : null;
  const nowClock = availabilityClock(locality.timeZone, now);
  const clock = query.preorderDateTime
    ? availabilityClock(locality.timeZone, now, query.preorderDateTime)
    : nowClock;
  return { locality, clock, nowClock, point, deliversToPoint, reader, now };
}

/** The locality's delivery pricing, or the fallback while its managers set none. */
export function deliveryPricingOf(locality: LocalityRow) {
  return (
    locality.params.deliveryPricing ?? {
      includedKm: FALLBACK_PRICING.includedKm,
      perKmMinor: toMinorUnits(FALLBACK_PRICING.perKmMajor, locality.currencyCode),
      stepMinor: 1,
    }
  );
}

/** What a customer at the context's point would see of one vendor: distance, timing, price, status. */
export function estimateVendorDelivery(
  row: Pick<
    VendorRow,
    | "latitude"
    | "longitude"
    | "cookingMinutesMin"
    | "cookingMinutesMax"
    | "deliveryFee"
    | "workingHours"
    | "closures"
  >,
  context: VendorContext,
) {
  const distance = context.point ? distanceKm(context.point, row) : null;
  const minutes = estimateDeliveryMinutes({
    cookingMinutes: [row.cookingMinutesMin, row.cookingMinutesMax],
    distanceKm: distance,
  });
  const deliveryPriceMinor = calculateDeliveryPrice({
    baseFeeMinor: row.deliveryFee,
    distanceKm: distance,
    pricing: deliveryPricingOf(context.locality),
  });
  return {
    distance,
    minutes,
    deliveryPriceMinor,
    availability: vendorAvailability(row, context.clock),
  };
}

/** Full summaries of the given vendors, in the given order. */
export async function loadVendorSummaries(
  db: Database,
  imageStore: ImageStore,
  ids: number[],
  context: VendorContext,
): Promise<VendorSummary[]> {
  if (ids.length === 0) return [];
  const { rows, links } = await findVendorSummaryRows(db, ids);
  const imageOf = await imageStore.load(rows.flatMap((r) => [r.imageId, r.avatarId]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const categoryIds = links.filter((l) => l.vendorId === id).map((l) => ({ id: l.categoryId }));
    return [toVendorSummary(row, categoryIds, imageOf, context)];
  });
}

export function toVendorSummary(
  row: SummaryRow,
  categoryIds: Array<{ id: number }>,
  imageOf: (id: number | null) => ImageConfig | null,
  context: VendorContext,
): VendorSummary {
  const currency = context.locality.currencyCode;
  const estimate = estimateVendorDelivery(row, context);
  const image = imageOf(row.imageId);
  const avatar = imageOf(row.avatarId);
  return {
    id: row.id,
    localityCode: context.locality.code,
    name: row.name,
    vendorType: row.vendorType,
    street: row.street,
    houseNumber: row.houseNumber,
    city: row.city,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    imagePath: largestVariantPath(image),
    avatarPath: largestVariantPath(avatar),
    image,
    avatar,
    rating: row.rating,
    ratingsCount: row.ratingsCount,
    categories: categoryIds,
    working: isVendorOpenAt(row, context.nowClock),
    workingHours: { intervals: row.workingHours },
    timeAvailability: estimate.availability,
    closesBeforeArrivalAt: closesBeforeArrivalAt(row, estimate.minutes.max, context),
    sort: row.sort,
    delivery: row.receiptTypes.includes("DELIVERY"),
    receiptTypes: row.receiptTypes,
    minEstimatedDeliveryDuration: estimate.minutes.min,
    maxEstimatedDeliveryDuration: estimate.minutes.max,
    estimatedDeliveryDuration: formatMinutesRange(estimate.minutes.min, estimate.minutes.max),
    cookingTimeRange: { start: row.cookingMinutesMin, end: row.cookingMinutesMax },
    deliveryPrice: toMajorUnits(estimate.deliveryPriceMinor, currency),
    // What the cart asks: the vendor's own minimum or the city's, whichever is higher.
    minOrderPrice: toMajorUnits(
      Math.max(row.minOrderPrice, context.locality.params.minOrderPrice ?? 0),
      currency,
    ),
    currencyCode: currency,
    distanceToCustomer: estimate.distance === null ? null : Math.round(estimate.distance * 100) / 100,
    deliversToPoint: context.deliversToPoint,
    liveMode: row.liveMode,
  };
}

/**
 * When an order placed now could not arrive before the vendor closes (be ready, for a vendor that
 * only hands over), the time it closes: what the checkout would refuse (issue 19), told in the list.
 */
function closesBeforeArrivalAt(row: SummaryRow, deliveryMinutes: number, context: VendorContext) {
  if (context.clock.preorder) return null;
  const { date, moment } = context.nowClock;
  const needed = row.receiptTypes.includes("DELIVERY") ? deliveryMinutes : row.cookingMinutesMax;
  const times = { hours: row.workingHours, closures: row.closures };
  const closing = closingWithin(times, date, moment.minutes, needed);
  // Closed now: the list says so already.
  if (closing === null || closing === moment.minutes) return null;
  return formatTimeOfDay(closing % MINUTES_PER_DAY);
}

const MINUTES_PER_DAY = 24 * 60;

export async function findVendorRow(db: Database, partnerId: number, id: number): Promise<VendorRow> {
  const row = await findVisibleVendor(db, partnerId, id);
  if (!row) throw new AppError(404, "VendorNotFoundException", `Vendor ${id} not found`);
  return row;
}

export async function loadVendorDetail(
  db: Database,
  imageStore: ImageStore,
  row: VendorRow,
  context: VendorContext,
  popularProducts: VendorDetail["popularProducts"],
): Promise<VendorDetail> {
  const [summary] = await loadVendorSummaries(db, imageStore, [row.id], context);
  if (!summary) throw new AppError(404, "VendorNotFoundException", `Vendor ${row.id} not found`);
  return {
    ...summary,
    description: pickText(row.description, context.reader, context.locality.lang as Locale),
    popularProducts,
  };
}
