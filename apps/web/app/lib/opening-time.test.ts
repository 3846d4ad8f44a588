import { describe, expect, it } from "vitest";
import { localToday, openingTimeText } from "./opening-time.ts";

describe("openingTimeText", () => {
  it("says the time alone when the vendor opens today", () => {
    expect(openingTimeText("2026-12-24T18:00:00", "2026-12-24", "en")).toBe("18:00");
  });

  it("names the day when it opens on another one", () => {
    expect(openingTimeText("2026-12-26T12:00:00", "2026-12-24", "en")).toBe("Sat, Dec 26, 12:00");
    expect(openingTimeText("2026-12-26T12:00:00", "2026-12-24", "lv")).toMatch(/26.*12:00$/);
  });
});

describe("localToday", () => {
  it("is the date of the locality's wall calendar, not the server's", () => {
    // 23:30 in UTC is already the next day in Riga and Baghdad.
    const lateUtc = new Date("2026-12-24T23:30:00Z");
    expect(localToday("Europe/Riga", lateUtc)).toBe("2026-12-25");
    expect(localToday("UTC", lateUtc)).toBe("2026-12-24");
  });
});
