import { describe, expect, it } from "vitest";
import { clockSkew, countdownText, secondsUntil } from "./countdown.ts";

describe("secondsUntil", () => {
  const now = Date.parse("2026-11-30T10:00:00.000Z");
  it.each([
    ["2026-11-30T10:00:45.000Z", 45],
    // A part of a second left still shows as a second: the offer is open until it reads 0:00.
    ["2026-11-30T10:00:00.300Z", 1],
    ["2026-11-30T09:59:00.000Z", 0],
    ["not a time", 0],
  ])("until %s: %i", (end, seconds) => {
    expect(secondsUntil(end, now)).toBe(seconds);
  });
});

describe("countdownText", () => {
  it.each([
    [0, "0:00"],
    [9, "0:09"],
    [45, "0:45"],
    [60, "1:00"],
    [65, "1:05"],
    [720, "12:00"],
    [-3, "0:00"],
  ])("%i s reads %s", (seconds, text) => {
    expect(countdownText(seconds)).toBe(text);
  });
});

describe("clockSkew", () => {
  const arrived = Date.parse("2026-11-30T10:00:00.000Z");
  it.each([
    // A phone a minute slow counts the offer's 45 s from the server's time, not its own.
    ["2026-11-30T10:01:00.000Z", 60_000],
    ["2026-11-30T09:59:30.000Z", -30_000],
    ["2026-11-30T10:00:00.000Z", 0],
    // An answer kept from before this version, or no answer: the phone's clock.
    ["", 0],
    [undefined, 0],
  ])("server at %s: %i ms", (serverTime, skew) => {
    expect(clockSkew(serverTime, arrived)).toBe(skew);
  });

  it("puts a 45 s offer at 45 s on a phone a minute slow", () => {
    const skew = clockSkew("2026-11-30T10:01:00.000Z", arrived);
    expect(secondsUntil("2026-11-30T10:01:45.000Z", arrived + skew)).toBe(45);
  });
});
