import { describe, expect, it } from "vitest";
import { closingWithin, openThroughoutOn, type VendorTimes } from "./closing-time.ts";
import { parseTimeOfDay, weeklySchedule } from "./working-hours.ts";

// 2026-11-23 is a Monday.
const MONDAY = "2026-11-23";
const at = parseTimeOfDay;
const regular: VendorTimes = { hours: weeklySchedule({ from: "10:00", until: "22:00" }) };
const overnight: VendorTimes = { hours: weeklySchedule({ from: "18:00", until: "02:00" }) };

describe("closingWithin", () => {
  it.each([
    ["an order at 21:20 taking 35 minutes arrives before 22:00", regular, at("21:20"), 35, null],
    ["one at 21:40 taking 35 minutes would arrive after 22:00", regular, at("21:40"), 35, at("22:00")],
    ["an overnight vendor carries on past midnight", overnight, at("23:50"), 40, null],
    ["and closes at 02:00 the next day", overnight, at("01:40"), 40, at("02:00")],
    [
      "a closure starting at 21:00 closes it then",
      { ...regular, closures: [{ from: "2026-11-23T21:00", until: "2026-11-24T12:00" }] },
      at("20:45"),
      30,
      at("21:00"),
    ],
  ])("%s", (_, vendor, from, minutes, closing) => {
    expect(closingWithin(vendor, MONDAY, from, minutes)).toBe(closing);
  });
});

describe("openThroughoutOn", () => {
  it("needs the vendor open from taking the order until just before it arrives", () => {
    expect(openThroughoutOn(regular, MONDAY)(at("21:15"), 45)).toBe(true);
    expect(openThroughoutOn(regular, MONDAY)(at("21:16"), 45)).toBe(false);
    expect(openThroughoutOn(regular, MONDAY)(at("09:59"), 45)).toBe(false);
  });

  it("sees a break in the day and a closure that starts on the way", () => {
    const split: VendorTimes = {
      hours: [
        { day: "MONDAY", from: "10:00", until: "14:00" },
        { day: "MONDAY", from: "14:30", until: "22:00" },
      ],
    };
    expect(openThroughoutOn(split, MONDAY)(at("13:30"), 90)).toBe(false);
    const closed = { ...regular, closures: [{ from: "2026-11-23T12:10", until: "2026-11-23T12:20" }] };
    expect(openThroughoutOn(closed, MONDAY)(at("12:00"), 30)).toBe(false);
    expect(openThroughoutOn(closed, MONDAY)(at("12:20"), 30)).toBe(true);
  });
});
