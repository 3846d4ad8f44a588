import { canReviewOrder, type OrderStatusName, REVIEW_WINDOW_HOURS } from "@storefront/domain";
import type { ReviewKind } from "@storefront/domain/contract";

export type ReviewRefusal =
  | "ORDER_NOT_COMPLETED"
  | "REVIEW_WINDOW_CLOSED"
  | "ALREADY_REVIEWED"
  | "NO_COURIER";

export interface ReviewFacts {
  kind: ReviewKind;
  status: OrderStatusName;
  completedAt: Date | null;
  now: Date;
  alreadyReviewed: boolean;
  /** A courier review needs an order a courier carried: one with a courier, or a delivery. */
  hadCourier: boolean;
}

/** Why a review cannot be left now, or null when it can: completed, within 48 hours, once per kind. */
export function reviewRefusal(facts: ReviewFacts): ReviewRefusal | null {
  if (facts.status !== "COMPLETED" || !facts.completedAt) return "ORDER_NOT_COMPLETED";
  if (facts.kind === "COURIER" && !facts.hadCourier) return "NO_COURIER";
  if (facts.alreadyReviewed) return "ALREADY_REVIEWED";
  if (!canReviewOrder(facts.status, facts.completedAt, facts.now)) return "REVIEW_WINDOW_CLOSED";
  return null;
}

/** What the storefront's alert says. */
export function refusalMessage(refusal: ReviewRefusal, kind: ReviewKind): string {
  const whom = kind === "VENDOR" ? "the vendor" : "the courier";
  switch (refusal) {
    case "ORDER_NOT_COMPLETED":
      return "Only a completed order can be reviewed";
    case "REVIEW_WINDOW_CLOSED":
      return `Reviews can be left within ${REVIEW_WINDOW_HOURS} hours after the order is completed`;
    case "ALREADY_REVIEWED":
      return `You have already reviewed ${whom} of this order`;
    case "NO_COURIER":
      return "This order had no courier to review";
  }
}

/** The end of the review window; null until the order is completed. */
export function reviewableUntil(completedAt: Date | null): Date | null {
  return completedAt ? new Date(completedAt.getTime() + REVIEW_WINDOW_HOURS * 3600_000) : null;
}

/** A vendor's rating after one more review: the running average, to one decimal. */
export function addRating(
  current: { rating: number | null; ratingsCount: number },
  given: number,
): { rating: number; ratingsCount: number } {
  const count = current.rating === null ? 0 : current.ratingsCount;
  const average = ((current.rating ?? 0) * count + given) / (count + 1);
  return { rating: Math.round(average * 10) / 10, ratingsCount: current.ratingsCount + 1 };
}
