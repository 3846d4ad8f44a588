import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatTime } from "./time-format.ts";

// 23:34 UTC on 28 November 2026: already the 29th in Riga (UTC+2) and Baghdad (UTC+3), still the
// 28th in Lisbon (UTC+0).
const AT = "2026-11-28T23:34:00Z";
/** Intl separates the parts of some languages with no-break and direction marks; compare words. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[\u200e\u200f]/g, "");

describe("formatTime", () => {
  it.each([
    ["en", "Europe/Riga", "01:34"],
    ["en", "Asia/Baghdad", "02:34"],
    ["en", "Europe/Lisbon", "23:34"],
    ["ar", "Asia/Baghdad", "02:34"],
    ["lv", "Europe/Riga", "01:34"],
  ])("writes %s on the clock of %s: %s", (locale, timeZone, expected) => {
    expect(formatTime(AT, { locale, timeZone })).toBe(expected);
  });

  it("is a 24-hour clock in English and Arabic too, whose own default is 12-hour", () => {
    const afternoon = "2026-11-28T12:05:00Z";
    expect(formatTime(afternoon, { locale: "en", timeZone: "Asia/Baghdad" })).toBe("15:05");
    expect(formatTime(afternoon, { locale: "ar", timeZone: "Asia/Baghdad" })).toBe("15:05");
  });

  it("names the city after the time when asked", () => {
    expect(formatTime(AT, { locale: "en", timeZone: "Europe/Riga", city: "Riga" })).toBe("01:34 (Riga)");
    expect(formatTime(AT, { locale: "ar", timeZone: "Asia/Baghdad", city: "بغداد" })).toBe("02:34 (بغداد)");
    expect(formatTime(AT, { locale: "en", timeZone: "Europe/Riga", city: null })).toBe("01:34");
  });

  it("takes a Date and epoch milliseconds as well as ISO text", () => {
    const clock = { locale: "en", timeZone: "Europe/Riga" };
    expect(formatTime(new Date(AT), clock)).toBe("01:34");
    expect(formatTime(Date.parse(AT), clock)).toBe("01:34");
  });
});

describe("formatDateTime", () => {
  it.each([
    ["en", "Europe/Riga", "Nov 29, 2026, 01:34"],
    ["en", "Asia/Baghdad", "Nov 29, 2026, 02:34"],
    ["en", "Europe/Lisbon", "Nov 28, 2026, 23:34"],
    ["lv", "Europe/Riga", "2026. gada 29. nov. 01:34"],
    ["ar", "Asia/Baghdad", "29/11/2026، 02:34"],
    ["ar", "Europe/Lisbon", "28/11/2026، 23:34"],
  ])("writes %s on the calendar and clock of %s: %s", (locale, timeZone, expected) => {
    expect(plain(formatDateTime(AT, { locale, timeZone }))).toBe(expected);
  });

  it("writes a long date where there is room", () => {
    expect(formatDateTime(AT, { locale: "en", timeZone: "Europe/Riga" }, "long")).toBe(
      "November 29, 2026 at 01:34",
    );
  });

  it("never follows the machine's zone", () => {
    const riga = formatDateTime(AT, { locale: "en", timeZone: "Europe/Riga" });
    const baghdad = formatDateTime(AT, { locale: "en", timeZone: "Asia/Baghdad" });
    expect(riga).not.toBe(baghdad);
  });
});

describe("formatDate", () => {
  it("dates an instant by the city's calendar", () => {
    expect(formatDate(AT, { locale: "en", timeZone: "Europe/Riga" })).toBe("Nov 29, 2026");
    expect(formatDate(AT, { locale: "en", timeZone: "Europe/Lisbon" })).toBe("Nov 28, 2026");
    expect(plain(formatDate(AT, { locale: "lv", timeZone: "Europe/Lisbon" }))).toBe("2026. gada 28. nov.");
  });

  it("writes the month in full in the long style", () => {
    expect(formatDate(AT, { locale: "en", timeZone: "Europe/Riga" }, "long")).toBe("November 29, 2026");
  });
});
