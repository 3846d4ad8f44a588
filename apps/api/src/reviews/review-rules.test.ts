import { describe, expect, it } from "vitest";
import { addRating, type ReviewFacts, reviewableUntil, reviewRefusal } from "./review-rules.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000);
const open: ReviewFacts = {
  kind: "VENDOR",
  status: "COMPLETED",
  completedAt: hoursAgo(1),
  now: NOW,
  alreadyReviewed: false,
  hadCourier: true,
};

describe("reviewRefusal", () => {
  it.each([
    ["a fresh completed order", {}, null],
    ["the last moment of the window", { completedAt: hoursAgo(48) }, null],
    ["a moment after it", { completedAt: new Date(hoursAgo(48).getTime() - 1) }, "REVIEW_WINDOW_CLOSED"],
    ["an order on its way", { status: "ON_DELIVERY", completedAt: null }, "ORDER_NOT_COMPLETED"],
    ["a cancelled order", { status: "CANCELLED", completedAt: null }, "ORDER_NOT_COMPLETED"],
    ["a completed order with no completion time", { completedAt: null }, "ORDER_NOT_COMPLETED"],
    ["a second review", { alreadyReviewed: true }, "ALREADY_REVIEWED"],
    [
      "a second review after the window",
      { alreadyReviewed: true, completedAt: hoursAgo(50) },
      "ALREADY_REVIEWED",
    ],
    ["a courier review of a delivery", { kind: "COURIER" }, null],
    ["a courier review with no courier", { kind: "COURIER", hadCourier: false }, "NO_COURIER"],
    ["a vendor review with no courier", { hadCourier: false }, null],
  ] as const)("%s", (_, change, expected) => {
    expect(reviewRefusal({ ...open, ...change })).toBe(expected);
  });
});

describe("addRating", () => {
  it.each([
    [{ rating: null, ratingsCount: 0 }, 4, { rating: 4, ratingsCount: 1 }],
    [{ rating: 4.8, ratingsCount: 2310 }, 1, { rating: 4.8, ratingsCount: 2311 }],
    [{ rating: 5, ratingsCount: 1 }, 4, { rating: 4.5, ratingsCount: 2 }],
    [{ rating: 3, ratingsCount: 2 }, 5, { rating: 3.7, ratingsCount: 3 }],
  ])("%o + %i → %o", (current, given, expected) => {
    expect(addRating(current, given)).toEqual(expected);
  });
});

describe("reviewableUntil", () => {
  it("is 48 hours after completion, and nothing before it", () => {
    expect(reviewableUntil(hoursAgo(0))?.toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(reviewableUntil(null)).toBeNull();
  });
});
