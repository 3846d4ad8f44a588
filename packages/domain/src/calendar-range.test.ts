import { describe, expect, it } from "vitest";
import { isInCalendarRange } from "./calendar-range.ts";

describe("isInCalendarRange", () => {
  it.each([
    ["2000-01-01", true],
    ["2026-11-29", true],
    ["2100-12-31", true],
    ["2100-12-31T23:59", true],
    ["2100-12-31T23:59:59-12:00", true],
    ["1999-12-31", false],
    ["2101-01-01", false],
    ["9999-12-31", false],
    ["9999-12-31T23:59:59.999Z", false],
    ["0000-01-01T00:00", false],
    ["+275760-09-13", false],
    ["", false],
  ])("%s: %s", (text, expected) => {
    expect(isInCalendarRange(text)).toBe(expected);
  });
});
