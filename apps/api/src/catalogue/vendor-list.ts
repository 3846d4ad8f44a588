import { type ImageConfig, isInRatingBucket, isVendorOpenAt } from "@storefront/domain";
import type { VendorsPage, VendorsQuery } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import type { ImageStore } from "./images.ts";
import type { LocalityRow } from "./localities.ts";
import { estimateVendorDelivery, toVendorSummary, type VendorContext } from "./vendors.ts";
import { findListedVendors, findVendorIdsMatching, type SummaryRow } from "./vendors-repository.ts";

/** A listed vendor with what its summary shows, whatever the customer's point and clock. */
export interface ListedVendor {
  row: SummaryRow;
  categories: Array<{ id: number }>;
  image: ImageConfig | null;
  avatar: ImageConfig | null;
}

/**
 * The vendors a locality lists, with their summaries' columns, categories and pictures: two queries
 * whose answer changes only when a vendor of the locality does, so it is read once per change.
 */
export async function loadListedVendors(
  db: Database,
  imageStore: ImageStore,
  locality: LocalityRow,
): Promise<ListedVendor[]> {
  const { rows, links } = await findListedVendors(db, locality);
  const imageOf = await imageStore.load(rows.flatMap((r) => [r.imageId, r.avatarId]));
  return rows.map((row) => ({
    row,
    categories: links.filter((l) => l.vendorId === row.id).map((l) => ({ id: l.categoryId })),
    image: imageOf(row.imageId),
    avatar: imageOf(row.avatarId),
  }));
}

/**
 * The ids of the locality's vendors in the chosen categories (a parent takes in its children) and
 * matching the search, from the indexes; null when the query filters on neither.
 */
export async function findMatchingVendorIds(
  db: Database,
  locality: LocalityRow,
  query: Pick<VendorsQuery, "categories" | "searchString">,
): Promise<Set<number> | null> {
  if (!query.categories?.length && !query.searchString) return null;
  return new Set(await findVendorIdsMatching(db, locality.id, query));
}

/**
 * The listed vendors the query keeps (`matching` ids, when given), in the list's order: open ones
 * first, then the partner's sort, then rating.
 */
export function rankedVendors(
  listed: readonly ListedVendor[],
  matching: ReadonlySet<number> | null,
  context: VendorContext,
  query: Pick<VendorsQuery, "rating" | "deliveryTime">,
): ListedVendor[] {
  // A vendor's delivery estimate is reckoned only for the delivery-time filter that reads it.
  const inTime = (row: SummaryRow) =>
    query.deliveryTime === undefined ||
    estimateVendorDelivery(row, context).minutes.max <= query.deliveryTime;
  return listed
    .filter(
      ({ row }) =>
        (matching === null || matching.has(row.id)) &&
        isInRatingBucket(row.rating, query.rating ?? "all") &&
        inTime(row),
    )
    .map((vendor) => ({ vendor, open: isVendorOpenAt(vendor.row, context.clock) }))
    .sort(
      (a, b) =>
        Number(b.open) - Number(a.open) ||
        a.vendor.row.sort - b.vendor.row.sort ||
        (b.vendor.row.rating ?? 0) - (a.vendor.row.rating ?? 0) ||
        a.vendor.row.id - b.vendor.row.id,
    )
    .map(({ vendor }) => vendor);
}

/** A listed vendor as a list's card shows it. */
export function summaryOfListed(vendor: ListedVendor, context: VendorContext) {
  const { row, categories: links, image, avatar } = vendor;
  const pictureOf = (id: number | null) => (id === null ? null : id === row.imageId ? image : avatar);
  return toVendorSummary(row, links, pictureOf, context);
}

/**
 * One page of the listed vendors for the customer's point and clock: the matching ones in the
 * rating bucket and delivery time, open ones first, then the partner's order, then rating.
 */
export function pageOfVendors(
  listed: readonly ListedVendor[],
  matching: ReadonlySet<number> | null,
  context: VendorContext,
  query: VendorsQuery,
): VendorsPage {
  const ranked = rankedVendors(listed, matching, context, query);
  const totalElements = ranked.length;
  const content = ranked
    .slice((query.page - 1) * query.size, query.page * query.size)
    .map((vendor) => summaryOfListed(vendor, context));
  return {
    content,
    page: query.page,
    size: query.size,
    totalElements,
    totalPages: Math.ceil(totalElements / query.size),
  };
}
