import { z } from "zod";
import { pageSchema } from "./common.ts";

export const REVIEW_COMMENT_MAX_LENGTH = 1000;

export const reviewKindSchema = z.enum(["VENDOR", "COURIER"]);
export type ReviewKind = z.infer<typeof reviewKindSchema>;

const RATING_MESSAGE = "must be a whole number from 1 to 5";

/** The body of vendor_review and courier_review. */
export const createReviewSchema = z.object({
  rating: z.number(RATING_MESSAGE).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX_LENGTH, `must be at most ${REVIEW_COMMENT_MAX_LENGTH} characters`)
    .nullable()
    .optional(),
});
export type CreateReview = z.infer<typeof createReviewSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  localityCode: z.string().describe("the order's locality, whose clock the review's date is read on"),
  kind: reviewKindSchema,
  vendorId: z
    .number()
    .int()
    .nullable()
    .describe("the reviewed vendor; null for a courier or several vendors"),
  vendorName: z.string().describe("the order's vendors, as named at checkout"),
  courierName: z.string().nullable(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const customerReviewsSchema = pageSchema(reviewSchema);
export type CustomerReviews = z.infer<typeof customerReviewsSchema>;

/** What an order page shows: the reviews given and whether the review inputs are open. */
export const orderReviewsSchema = z.object({
  vendorReview: reviewSchema.nullable(),
  courierReview: reviewSchema.nullable(),
  canReviewVendor: z.boolean(),
  canReviewCourier: z.boolean(),
  reviewableUntil: z.string().nullable().describe("48 hours after completion; null before completion"),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;
