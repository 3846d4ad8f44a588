import { describe, expect, it } from "vitest";
import {
  checkVendorClosures,
  closureAt,
  isVendorOpenAt,
  type LocalClock,
  localDateTimeOf,
  vendorAvailability,
} from "./vendor-closures.ts";
import { parseLocalDateTime, type WorkingInterval } from "./working-hours.ts";

/** Every day 10:00-22:00. */
const hours: WorkingInterval[] = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
].map((day) => ({ day: day as WorkingInterval["day"], from: "10:00", until: "22:00" }));
/** Christmas Eve from 18:00 until Boxing Day noon (2026-12-24 is a Thursday). */
const christmas = { from: "2026-12-24T18:00", until: "2026-12-26T12:00" };
const clock = (value: string): LocalClock => parseLocalDateTime(value) as LocalClock;

describe("localDateTimeOf", () => {
  it.each([
    ["2026-12-24", 18 * 60, "2026-12-24T18:00"],
    ["2026-12-24", -30, "2026-12-23T23:30"],
    ["2026-12-31", 24 * 60 + 15, "2027-01-01T00:15"],
  ])("%s and %i minutes is %s", (date, minutes, expected) => {
    expect(localDateTimeOf(date, minutes)).toBe(expected);
  });
});

describe("a vendor's closures", () => {
  it("close from their start, inclusive, until their end, exclusive", () => {
    expect(closureAt([christmas], "2026-12-24T17:59")).toBeNull();
    expect(closureAt([christmas], "2026-12-24T18:00:00")).toEqual(christmas);
    expect(closureAt([christmas], "2026-12-26T11:59")).toEqual(christmas);
    expect(closureAt([christmas], "2026-12-26T12:00")).toBeNull();
  });

  it("close a vendor its hours would have open", () => {
    const vendor = { workingHours: hours, closures: [christmas] };
    expect(isVendorOpenAt(vendor, clock("2026-12-24T17:00"))).toBe(true);
    expect(isVendorOpenAt(vendor, clock("2026-12-25T13:00"))).toBe(false);
    expect(isVendorOpenAt(vendor, clock("2026-12-26T12:30"))).toBe(true);
    expect(isVendorOpenAt({ workingHours: hours, closures: [] }, clock("2026-12-25T13:00"))).toBe(true);
  });

  it("push the next opening past their end", () => {
    const vendor = { workingHours: hours, closures: [christmas] };
    // Closed on Christmas Day: opens again at noon on Boxing Day, when the closure ends in opening hours.
    expect(vendorAvailability(vendor, clock("2026-12-25T13:00"))).toEqual({
      available: false,
      nextAvailableAt: "2026-12-26T12:00:00",
    });
    // Before opening on Christmas Eve morning: its hours open it at 10:00 as usual.
    expect(vendorAvailability(vendor, clock("2026-12-24T08:00"))).toEqual({
      available: false,
      nextAvailableAt: "2026-12-24T10:00:00",
    });
    // A closure ending at night: the next opening is the next morning's.
    const night = {
      workingHours: hours,
      closures: [{ from: "2026-12-24T12:00", until: "2026-12-24T23:00" }],
    };
    expect(vendorAvailability(night, clock("2026-12-24T13:00"))).toEqual({
      available: false,
      nextAvailableAt: "2026-12-25T10:00:00",
    });
    // Back-to-back closures over the next opening.
    const twice = {
      workingHours: hours,
      closures: [
        { from: "2026-12-24T12:00", until: "2026-12-24T23:00" },
        { from: "2026-12-25T09:00", until: "2026-12-25T15:00" },
      ],
    };
    expect(vendorAvailability(twice, clock("2026-12-24T13:00"))).toEqual({
      available: false,
      nextAvailableAt: "2026-12-25T15:00:00",
    });
  });

  it("are checked and tidied when set: real times, an end after the start, past ones dropped, in order", () => {
    const now = clock("2026-12-20T09:00");
    const over = { from: "2026-12-01T10:00", until: "2026-12-02T10:00" };
    const later = { from: "2027-01-05T08:00:00", until: "2027-01-06T08:00", note: "Stocktaking" };
    expect(checkVendorClosures([later, over, christmas], now)).toEqual({
      ok: true,
      closures: [christmas, { from: "2027-01-05T08:00", until: "2027-01-06T08:00", note: "Stocktaking" }],
    });
    expect(
      checkVendorClosures([christmas, { from: "2026-12-30T10:00", until: "2026-12-30T10:00" }], now),
    ).toEqual({
      ok: false,
      index: 1,
      refusal: "EMPTY_CLOSURE",
    });
    expect(checkVendorClosures([{ from: "2026-02-30T10:00", until: "2026-03-01T10:00" }], now)).toEqual({
      ok: false,
      index: 0,
      refusal: "NOT_A_DATE_TIME",
    });
    const many = Array.from({ length: 21 }, (_, day) => ({
      from: `2027-02-${String(day + 1).padStart(2, "0")}T10:00`,
      until: `2027-02-${String(day + 1).padStart(2, "0")}T12:00`,
    }));
    expect(checkVendorClosures(many, now)).toEqual({ ok: false, index: null, refusal: "TOO_MANY_CLOSURES" });
  });
});
