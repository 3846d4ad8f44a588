import { RATING_BUCKETS, type RatingBucket } from "@storefront/domain";

/**
 * Vendors per page of a catalogue, as the spec sets it (foundations §9 "Vendor and favourites page
 * size 30"); the first page is all the document carries, the grid loads the next as the visitor scrolls.
 */
export const VENDORS_PAGE_SIZE = 30;

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

type Point = { latitude: number; longitude: number };

/**
 * What of the visitor's cart the catalogue's reads carry (section 7): its id, and its preorder time
 * without the trailing Z, so vendors, sections and products show their availability at that time.
 */
export interface CartTime {
  cartId: string | null;
  preorderDateTime: string | null;
}

export const NO_CART_TIME: CartTime = { cartId: null, preorderDateTime: null };

export function cartTimeOf(
  cart: { cartId: string; preorderDateTime: string | null } | null | undefined,
): CartTime {
  if (!cart) return NO_CART_TIME;
  return { cartId: cart.cartId, preorderDateTime: cart.preorderDateTime?.replace(/Z$/, "") ?? null };
}

/** The API query for one page of vendors with these filters, at the visitor's point and cart's time. */
export function vendorsApiQuery(
  filters: VendorFilters,
  point: Point | null,
  paging: { page: number; size: number },
  cartTime: CartTime = NO_CART_TIME,
): string {
  const query = new URLSearchParams({ page: String(paging.page), size: String(paging.size) });
  if (filters.categories.length) query.set("categories", filters.categories.join(","));
  if (filters.rating) query.set("rating", filters.rating);
  if (filters.deliveryTime) query.set("deliveryTime", String(filters.deliveryTime));
  if (point) {
    query.set("latitude", String(point.latitude));
    query.set("longitude", String(point.longitude));
  }
  if (cartTime.cartId) query.set("cartId", cartTime.cartId);
  if (cartTime.preorderDateTime) query.set("preorderDateTime", cartTime.preorderDateTime);
  return query.toString();
}

/** The query of a vendor's reads (`GET /vendors/{id}`, its catalogue): the point and the cart's time. */
export function vendorApiQuery(point: Point | null, cartTime: CartTime): string {
  const query = new URLSearchParams();
  if (point) {
    query.set("latitude", String(point.latitude));
    query.set("longitude", String(point.longitude));
  }
  if (cartTime.preorderDateTime) query.set("preorderDateTime", cartTime.preorderDateTime);
  const text = query.toString();
  return text ? `?${text}` : "";
}
