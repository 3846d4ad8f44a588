import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type SignInSlowdown,
  STAFF_ACCOUNT_SLOWDOWN,
  STAFF_ADDRESS_SLOWDOWN,
  signInWaitSeconds,
  signInWaitTable,
} from "./sign-in-slowdown.ts";

const slowdowns = fc.record<SignInSlowdown>({
  freeFailures: fc.integer({ min: 1, max: 50 }),
  firstWaitSeconds: fc.integer({ min: 1, max: 600 }),
  maxWaitSeconds: fc.integer({ min: 600, max: 86_400 }),
});

describe("signInWaitSeconds", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 30],
    [6, 60],
    [7, 120],
    [8, 240],
    [9, 480],
    [10, 900],
    [11, 900],
    [10_000, 900],
  ])("one account after %i wrong passwords waits %i s", (failures, seconds) => {
    expect(signInWaitSeconds(failures, STAFF_ACCOUNT_SLOWDOWN)).toBe(seconds);
  });

  it.each([
    [19, 0],
    [20, 30],
    [21, 60],
    [25, 900],
  ])("one address after %i wrong passwords waits %i s", (failures, seconds) => {
    expect(signInWaitSeconds(failures, STAFF_ADDRESS_SLOWDOWN)).toBe(seconds);
  });

  it("never shortens as failures add up, and never passes the cap", () => {
    fc.assert(
      fc.property(slowdowns, fc.nat(10_000), (slowdown, failures) => {
        const wait = signInWaitSeconds(failures, slowdown);
        expect(signInWaitSeconds(failures + 1, slowdown)).toBeGreaterThanOrEqual(wait);
        expect(wait).toBeLessThanOrEqual(slowdown.maxWaitSeconds);
      }),
    );
  });
});

describe("signInWaitTable", () => {
  it("lists the account's waits until the cap", () => {
    expect(signInWaitTable(STAFF_ACCOUNT_SLOWDOWN)).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900]);
  });

  it("agrees with signInWaitSeconds for every count, the last entry standing for all later ones", () => {
    fc.assert(
      fc.property(slowdowns, fc.integer({ min: 1, max: 10_000 }), (slowdown, failures) => {
        const table = signInWaitTable(slowdown);
        expect(table[Math.min(failures, table.length) - 1]).toBe(signInWaitSeconds(failures, slowdown));
      }),
    );
  });
});
