import { describe, expect, it } from "vitest";
import {
  everydayHours,
  instantOfLocalDateTime,
  isOpenAt,
  localMomentOf,
  nextOpening,
  parseLocalDateTime,
  type WorkingInterval,
  weeklySchedule,
} from "./working-hours.ts";

const at = (day: WorkingInterval["day"], time: string) => {
  const [h, m] = time.split(":").map(Number) as [number, number];
  return { day, minutes: h * 60 + m };
};

describe("isOpenAt", () => {
  const regular = weeklySchedule({ from: "10:00", until: "22:00" });
  const overnight = weeklySchedule({ from: "18:00", until: "04:00" }, ["FRIDAY"]);
  const always = weeklySchedule({ from: "00:00", until: "24:00" });

  it.each([
    [regular, at("MONDAY", "09:59"), false],
    [regular, at("MONDAY", "10:00"), true],
    [regular, at("MONDAY", "21:59"), true],
    [regular, at("MONDAY", "22:00"), false],
    [overnight, at("FRIDAY", "17:59"), false],
    [overnight, at("FRIDAY", "23:30"), true],
    [overnight, at("SATURDAY", "03:59"), true],
    [overnight, at("SATURDAY", "04:00"), false],
    [overnight, at("THURSDAY", "02:00"), false],
    [always, at("SUNDAY", "00:00"), true],
    [always, at("SUNDAY", "23:59"), true],
    [[], at("SUNDAY", "12:00"), false],
  ])("%j at %j is open: %s", (schedule, moment, open) => {
    expect(isOpenAt(schedule, moment)).toBe(open);
  });

  it("carries a Sunday overnight span into Monday morning", () => {
    const sunday = weeklySchedule({ from: "20:00", until: "02:00" }, ["SUNDAY"]);
    expect(isOpenAt(sunday, at("MONDAY", "01:00"))).toBe(true);
  });
});

describe("nextOpening", () => {
  const weekdays = weeklySchedule({ from: "09:00", until: "20:00" }, [
    "MONDAY",
    "TUESDAY",
    "WEDNESDAY",
    "THURSDAY",
    "FRIDAY",
  ]);

  it("opens later the same day", () => {
    expect(nextOpening(weekdays, at("MONDAY", "07:30"))).toEqual({ daysAhead: 0, minutes: 9 * 60 });
  });

  it("skips the weekend", () => {
    expect(nextOpening(weekdays, at("FRIDAY", "21:00"))).toEqual({ daysAhead: 3, minutes: 9 * 60 });
  });

  it("waits a week for a one-day schedule that has just closed", () => {
    const monday = weeklySchedule({ from: "09:00", until: "10:00" }, ["MONDAY"]);
    expect(nextOpening(monday, at("MONDAY", "11:00"))).toEqual({ daysAhead: 7, minutes: 9 * 60 });
  });

  it("is null for a vendor with no hours", () => {
    expect(nextOpening([], at("MONDAY", "11:00"))).toBeNull();
  });
});

describe("local time", () => {
  it("reads an instant on the locality's wall clock", () => {
    // 2026-11-21 is a Saturday; 21:30 UTC is 23:30 in Riga and 00:30 on Sunday in Baghdad.
    const instant = new Date("2026-11-21T21:30:00Z");
    expect(localMomentOf(instant, "Europe/Riga")).toEqual(at("SATURDAY", "23:30"));
    expect(localMomentOf(instant, "Asia/Baghdad")).toEqual(at("SUNDAY", "00:30"));
  });

  it("parses a preorder date-time with or without a trailing Z", () => {
    expect(parseLocalDateTime("2026-11-23T19:30:00")).toEqual({
      date: "2026-11-23",
      moment: at("MONDAY", "19:30"),
    });
    expect(parseLocalDateTime("2026-11-23T19:30:00Z")?.moment).toEqual(at("MONDAY", "19:30"));
  });

  it.each(["2026-02-30T10:00:00", "2026-13-01T10:00:00", "2026-11-23T24:10:00", "tomorrow"])(
    "rejects %s",
    (text) => {
      expect(parseLocalDateTime(text)).toBeNull();
    },
  );
});

describe("everydayHours", () => {
  it("finds one line for identical days", () => {
    expect(everydayHours(weeklySchedule({ from: "08:00", until: "23:00" }))).toEqual({
      from: "08:00",
      until: "23:00",
    });
  });

  it("gives null when one day differs", () => {
    const hours = weeklySchedule({ from: "08:00", until: "23:00" }).map((i) =>
      i.day === "SUNDAY" ? { ...i, until: "20:00" } : i,
    );
    expect(everydayHours(hours)).toBeNull();
  });
});

describe("instantOfLocalDateTime", () => {
  it("reads a wall-clock time in the locality's zone, summer and winter", () => {
    expect(instantOfLocalDateTime("2026-11-21T19:30:00", "Europe/Riga")?.toISOString()).toBe(
      "2026-11-21T17:30:00.000Z",
    );
    expect(instantOfLocalDateTime("2026-07-01T12:00:00Z", "Europe/Riga")?.toISOString()).toBe(
      "2026-07-01T09:00:00.000Z",
    );
    expect(instantOfLocalDateTime("2026-11-21T19:30:00", "Asia/Baghdad")?.toISOString()).toBe(
      "2026-11-21T16:30:00.000Z",
    );
    expect(instantOfLocalDateTime("2026-02-30T10:00:00", "Europe/Riga")).toBeNull();
  });
});
