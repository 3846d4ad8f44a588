import type {
  CreateReview,
  CustomerReviews,
  OrderReviews,
  Review,
  ReviewKind,
} from "@storefront/domain/contract";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { type CustomerScope, findCustomerOrder } from "../orders/order-history.ts";
import type { OrderRow } from "../orders/orders.ts";
import {
  addRating,
  type ReviewFacts,
  refusalMessage,
  reviewableUntil,
  reviewRefusal,
} from "./review-rules.ts";
import {
  findCompletionTime,
  insertReview,
  listOrderReviews,
  lockVendorRatings,
  pageCustomerReviews,
  type ReviewRow,
  setVendorRating,
} from "./reviews-repository.ts";

type ReviewedOrder = Pick<OrderRow, "snapshot" | "courierName">;

function toReview(row: ReviewRow, order: ReviewedOrder): Review {
  return {
    id: row.id,
    orderId: row.orderId,
    localityCode: order.snapshot.localityCode,
    kind: row.kind,
    vendorId: row.vendorId,
    vendorName: order.snapshot.vendorCarts.map((v) => v.vendorName).join(", "),
    courierName: order.courierName,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

async function reviewsOf(db: Database, orderId: number): Promise<Map<ReviewKind, ReviewRow>> {
  const rows = await listOrderReviews(db, orderId);
  return new Map(rows.map((row) => [row.kind, row]));
}

function factsOf(
  order: OrderRow,
  kind: ReviewKind,
  completedAt: Date | null,
  now: Date,
  done: boolean,
): ReviewFacts {
  return {
    kind,
    status: order.status,
    completedAt,
    now,
    alreadyReviewed: done,
    hadCourier: order.courierName !== null || order.receiptType === "DELIVERY",
  };
}

/** The order's reviews and whether the customer may still leave each. */
export async function findOrderReviews(
  db: Database,
  scope: CustomerScope,
  orderId: number,
  now: Date,
): Promise<OrderReviews> {
  const order = await findCustomerOrder(db, scope, orderId);
  const [completedAt, given] = await Promise.all([findCompletionTime(db, order.id), reviewsOf(db, order.id)]);
  const open = (kind: ReviewKind) =>
    reviewRefusal(factsOf(order, kind, completedAt, now, given.has(kind))) === null;
  const vendorReview = given.get("VENDOR");
  const courierReview = given.get("COURIER");
  return {
    vendorReview: vendorReview ? toReview(vendorReview, order) : null,
    courierReview: courierReview ? toReview(courierReview, order) : null,
    canReviewVendor: open("VENDOR"),
    canReviewCourier: open("COURIER"),
    reviewableUntil: reviewableUntil(completedAt)?.toISOString() ?? null,
  };
}

const reviewError = (facts: ReviewFacts, refusal: NonNullable<ReturnType<typeof reviewRefusal>>) =>
  new AppError(400, "ReviewException", refusalMessage(refusal, facts.kind), { errorCode: refusal });

/**
 * Leaves a review of a completed order. A vendor review counts toward the rating of every vendor of
 * the order (most orders have one); it names the vendor when there is only one.
 */
export async function createReview(
  db: Database,
  input: { scope: CustomerScope; orderId: number; kind: ReviewKind; review: CreateReview; now: Date },
  catalogue: CatalogueInvalidations,
): Promise<Review> {
  const order = await findCustomerOrder(db, input.scope, input.orderId);
  const [completedAt, given] = await Promise.all([findCompletionTime(db, order.id), reviewsOf(db, order.id)]);
  const facts = factsOf(order, input.kind, completedAt, input.now, given.has(input.kind));
  const refusal = reviewRefusal(facts);
  if (refusal) throw reviewError(facts, refusal);

  const vendorIds = [...new Set(order.snapshot.vendorCarts.map((v) => v.vendorId))];
  const { made: row, rated } = await db.transaction(async (tx) => {
    const made = await insertReview(tx, {
      orderId: order.id,
      userId: input.scope.userId,
      kind: input.kind,
      vendorId: input.kind === "VENDOR" && vendorIds.length === 1 ? (vendorIds[0] ?? null) : null,
      rating: input.review.rating,
      comment: input.review.comment || null,
      createdAt: input.now,
    });
    // A second request that raced past the check meets the unique index here.
    if (!made) throw reviewError(facts, "ALREADY_REVIEWED");
    if (made.kind !== "VENDOR" || vendorIds.length === 0) return { made, rated: [] };
    const rated = await lockVendorRatings(tx, vendorIds);
    for (const vendor of rated) {
      await setVendorRating(tx, vendor.id, addRating(vendor, made.rating));
    }
    return { made, rated };
  });
  // The new rating shows in the vendor's page and its locality's lists from the next read.
  await catalogue.announce(rated.flatMap(catalogueChanges.vendorRating));
  return toReview(row, order);
}

/** The customer's reviews, newest first, a page at a time. */
export async function listCustomerReviews(
  db: Database,
  scope: CustomerScope,
  paging: { page: number; size: number },
): Promise<CustomerReviews> {
  const { rows, total: totalElements } = await pageCustomerReviews(db, scope, paging);
  return {
    content: rows.map(({ review, order }) => toReview(review, order)),
    page: paging.page,
    size: paging.size,
    totalElements,
    totalPages: Math.ceil(totalElements / paging.size),
  };
}
