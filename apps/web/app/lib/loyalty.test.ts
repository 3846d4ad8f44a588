import { describe, expect, it } from "vitest";
import { describeLoyaltyEntry, formatSignedPoints, offersLoyalty } from "./loyalty.ts";

describe("offersLoyalty", () => {
  it.each([
    [{ enabled: true, balance: 0 }, true],
    [{ enabled: true, balance: 120 }, true],
    [{ enabled: false, balance: 120 }, true],
    [{ enabled: false, balance: 0 }, false],
    [null, false],
  ])("offers the points page for %o: %s", (account, offered) => {
    expect(offersLoyalty(account)).toBe(offered);
  });
});

describe("describeLoyaltyEntry", () => {
  it.each([
    [{ kind: "EARNED", points: 25, orderId: 123 }, "loyalty.entry.earnedOn"],
    [{ kind: "SPENT", points: -100, orderId: 124 }, "loyalty.entry.spentOn"],
    [{ kind: "REVERSED", points: -10, orderId: 125 }, "loyalty.entry.takenBackOn"],
    [{ kind: "REVERSED", points: 100, orderId: 126 }, "loyalty.entry.givenBackOn"],
    [{ kind: "EXPIRED", points: -40, orderId: null }, "loyalty.entry.expired"],
    [{ kind: "WELCOME", points: 50, orderId: null }, "loyalty.entry.welcome"],
    // An order deleted since leaves its lines without one.
    [{ kind: "EARNED", points: 25, orderId: null }, "loyalty.entry.earned"],
    [{ kind: "SPENT", points: -100, orderId: null }, "loyalty.entry.spent"],
    [{ kind: "REVERSED", points: -10, orderId: null }, "loyalty.entry.takenBack"],
    [{ kind: "REVERSED", points: 100, orderId: null }, "loyalty.entry.givenBack"],
  ] as const)("words %o as %s", (entry, key) => {
    expect(describeLoyaltyEntry(entry)).toBe(key);
  });
});

describe("formatSignedPoints", () => {
  it.each([
    [50, "en", "+50"],
    [-1250, "en", "-1,250"],
    [0, "en", "0"],
    [-1250, "lv", "-1250"],
    [50, "ar", "+50"],
  ])("writes %d in %s as %s", (points, locale, text) => {
    expect(formatSignedPoints(points, locale)).toBe(text);
  });
});
