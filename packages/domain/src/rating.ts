/**
 * Rating filter buckets of the spec: all (above 0, below 5), good (up to 3), best (3.1 to 4),
 * the-best (from 4.1). "all" is read as "no filter": a 5.0 vendor is not hidden from it.
 */
export const RATING_BUCKETS = ["all", "good", "best", "the-best"] as const;
export type RatingBucket = (typeof RATING_BUCKETS)[number];

const BOUNDS: Record<RatingBucket, { min: number; max: number }> = {
  all: { min: 0, max: 5 },
  good: { min: 0, max: 3 },
  best: { min: 3.1, max: 4 },
  "the-best": { min: 4.1, max: 5 },
};

export function ratingBounds(bucket: RatingBucket): { min: number; max: number } {
  return BOUNDS[bucket];
}

export function isInRatingBucket(rating: number | null, bucket: RatingBucket): boolean {
  if (bucket === "all") return true;
  if (rating === null) return false;
  const { min, max } = BOUNDS[bucket];
  // Ratings carry one decimal; compare on that grid so 3.05 is not lost between buckets.
  const rounded = Math.round(rating * 10) / 10;
  return rounded >= min && rounded <= max && rounded > 0;
}
