import { RATING_BUCKETS, type RatingBucket } from "@storefront/domain";

/**
 * Vendors per page of a catalogue: four rows of three cards fill a desktop screen, and the first
 * page is all the document carries; the grid loads the next pages as the visitor scrolls.
 */
export const VENDORS_PAGE_SIZE = 12;

/** Delivery-time choices of the filter, in minutes. */
export const DELIVERY_TIME_CHOICES = [30, 45, 60] as const;

export interface VendorFilters {
  categories: number[];
  rating: RatingBucket | null;
  deliveryTime: number | null;
}

/** The filters of a catalogue URL; anything malformed is simply not a filter. */
export function filtersOf(search: URLSearchParams): VendorFilters {
  const categories = search
    .getAll("categories")
    .flatMap((value) => value.split(","))
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0)
    .slice(0, 50);
  const rating = search.get("rating");
  const deliveryTime = Number(search.get("deliveryTime"));
  return {
    categories: [...new Set(categories)],
    rating:
      rating && (RATING_BUCKETS as readonly string[]).includes(rating) && rating !== "all"
        ? (rating as RatingBucket)
        : null,
    deliveryTime: (DELIVERY_TIME_CHOICES as readonly number[]).includes(deliveryTime) ? deliveryTime : null,
  };
}

export function countFilters(filters: VendorFilters): number {
  return filters.categories.length + (filters.rating ? 1 : 0) + (filters.deliveryTime ? 1 : 0);
}

/** The API query for one page of vendors with these filters, at the visitor's point. */
export function vendorsApiQuery(
  filters: VendorFilters,
  point: { latitude: number; longitude: number } | null,
  paging: { page: number; size: number },
): string {
  const query = new URLSearchParams({ page: String(paging.page), size: String(paging.size) });
  if (filters.categories.length) query.set("categories", filters.categories.join(","));
  if (filters.rating) query.set("rating", filters.rating);
  if (filters.deliveryTime) query.set("deliveryTime", String(filters.deliveryTime));
  if (point) {
    query.set("latitude", String(point.latitude));
    query.set("longitude", String(point.longitude));
  }
  return query.toString();
}
