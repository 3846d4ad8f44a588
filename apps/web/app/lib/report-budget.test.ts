import { describe, expect, it } from "vitest";
import { reportBudget } from "./report-budget.ts";

describe("the browsers' failure reports a process passes on", () => {
  it("are the first 60 of each minute; the rest are counted and told when to come back", () => {
    const budget = reportBudget();
    const start = 1_000_000;
    for (let i = 0; i < 60; i++) expect(budget.take(start + i * 100).pass).toBe(true);
    expect(budget.take(start + 15_000)).toEqual({ pass: false, turnedAway: 0, retryAfterSeconds: 45 });
    expect(budget.take(start + 59_999)).toEqual({ pass: false, turnedAway: 0, retryAfterSeconds: 1 });
  });

  it("say how many were turned away, once, with the first report of a later minute", () => {
    const budget = reportBudget(2);
    const start = 5_000;
    for (let i = 0; i < 5; i++) budget.take(start + i);
    expect(budget.take(start + 60_000)).toEqual({ pass: true, turnedAway: 3, retryAfterSeconds: 60 });
    expect(budget.take(start + 60_001).turnedAway).toBe(0);
    // A minute with none turned away has nothing to say.
    expect(budget.take(start + 200_000).turnedAway).toBe(0);
  });
});
