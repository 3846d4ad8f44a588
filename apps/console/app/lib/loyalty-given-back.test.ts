import { describe, expect, it } from "vitest";
import { loyaltyGivenBack } from "./loyalty-given-back.ts";

describe("loyaltyGivenBack", () => {
  it.each([
    { earnPoints: 1, earnPer: 1, pointValue: 0.01, share: 0.01 },
    { earnPoints: 10, earnPer: 1000, pointValue: 1, share: 0.01 },
    { earnPoints: 1, earnPer: 2, pointValue: 0.1, share: 0.05 },
    { earnPoints: 0, earnPer: 1, pointValue: 0.01, share: 0 },
    // More than was paid: the API refuses it, and the form shows the share meanwhile.
    { earnPoints: 1, earnPer: 1, pointValue: 2, share: 2 },
    { earnPoints: 1, earnPer: 0, pointValue: 0.01, share: null },
    { earnPoints: Number.NaN, earnPer: 1, pointValue: 0.01, share: null },
    { earnPoints: 1, earnPer: 1, pointValue: -1, share: null },
  ])("$earnPoints for every $earnPer, a point worth $pointValue → $share", ({ share, ...earning }) => {
    if (share === null) expect(loyaltyGivenBack(earning)).toBeNull();
    else expect(loyaltyGivenBack(earning)).toBeCloseTo(share, 12);
  });
});
