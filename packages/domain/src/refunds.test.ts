import { describe, expect, it } from "vitest";
import { refundAmountProblem, refundableAmount } from "./refunds.ts";

describe("partial refunds", () => {
  it.each([
    // paid, refunded by the console, reported by the processor, left
    [2500, 0, 0, 2500],
    [2500, 700, 0, 1800],
    [2500, 700, 1000, 1500],
    [2500, 2500, 2500, 0],
    [2500, 3000, 0, 0],
  ])("of %d paid, %d refunded and %d reported, %d is left", (paid, refunded, reported, left) => {
    expect(refundableAmount({ paid, refunded, reported })).toBe(left);
  });

  it.each([
    [500, 1800, null],
    [1800, 1800, null],
    [1801, 1800, "is more than what is left to refund"],
    [0, 1800, "must be more than zero"],
    [-5, 1800, "must be more than zero"],
    [12.5, 1800, "must be more than zero"],
    [100, 0, "nothing is left to refund"],
  ])("%d of %d left: %s", (amount, left, problem) => {
    expect(refundAmountProblem(amount, left)).toBe(problem);
  });
});
