import { describe, expect, it } from "vitest";
import { formatMoney } from "./format.ts";
import { formattingLocale, SUPPORTED_LOCALES } from "./locales.ts";
import { formatDateTime } from "./time-format.ts";

describe("formattingLocale", () => {
  it("writes Malagasy's numbers and dates as Madagascar's French, which every browser has", () => {
    expect(formattingLocale("mg")).toBe("fr-MG");
    // Node has Malagasy's own formats ("€ 9.70", "2026 Des 5"); a browser falls back to the device's.
    expect(formatMoney(9.7, "EUR", "mg")).toMatch(/^9,70\s€$/);
    const at = "2026-12-05T11:15:00Z";
    expect(formatDateTime(at, { locale: "mg", timeZone: "Indian/Antananarivo" })).toBe(
      formatDateTime(at, { locale: "fr-MG", timeZone: "Indian/Antananarivo" }),
    );
  });

  it("leaves every other language its own", () => {
    for (const locale of SUPPORTED_LOCALES.filter((locale) => locale !== "mg"))
      expect(formattingLocale(locale)).toBe(locale);
  });
});
