import { describe, expect, it } from "vitest";
import {
  countForm,
  formatDeliveryCost,
  formatMoney,
  formatNumber,
  formatQuantityBadge,
  formatRating,
  isWebUrl,
} from "./format.ts";

describe("formatMoney", () => {
  it("shows IQD without decimals when whole and with three otherwise", () => {
    expect(formatMoney(12000, "IQD", "en")).toMatch(/^IQD\s12,000$/);
    expect(formatMoney(12.5, "IQD", "en")).toMatch(/^IQD\s12.500$/);
  });

  it("keeps two decimals for euros and hryvnias", () => {
    expect(formatMoney(9.9, "EUR", "en")).toBe("€9.90");
    expect(formatMoney(250, "UAH", "uk")).toMatch(/^250,00\s₴$/);
  });
});

describe("formatDeliveryCost", () => {
  it("drops trailing zero decimals", () => {
    expect(formatDeliveryCost(2, "EUR", "en")).toBe("€2");
    expect(formatDeliveryCost(2.5, "EUR", "en")).toBe("€2.50");
    expect(formatDeliveryCost(1500, "IQD", "en")).toMatch(/^IQD\s1,500$/);
  });
});

describe("formatQuantityBadge", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1000, "1K+"],
    [4999, "4K+"],
    [9999, "9K+"],
    [10000, "9K+"],
    [250000, "9K+"],
  ])("%d reads %s", (count, text) => {
    expect(formatQuantityBadge(count)).toBe(text);
  });
});

describe("isWebUrl", () => {
  it.each([
    ["https://t.me/x", true],
    ["http://example.com", true],
    ["HTTPS://EXAMPLE.COM", true],
    ["javascript:alert(1)", false],
    ["/cms/about", false],
    ["mailto:a@b.c", false],
    [null, false],
  ])("%s: %s", (value, ok) => {
    expect(isWebUrl(value)).toBe(ok);
  });
});

describe("formatRating", () => {
  it("writes one decimal with the reader's separator", () => {
    expect(formatRating(4.5, "en")).toBe("4.5");
    expect(formatRating(4.5, "lv")).toBe("4,5");
    expect(formatRating(4, "ru")).toBe("4,0");
  });
});

describe("formatNumber", () => {
  it("writes the decimals asked for, in the reader's digits and separators", () => {
    expect(formatNumber(2.345, "en", 1)).toBe("2.3");
    expect(formatNumber(2.345, "lv", 2)).toBe("2,35");
    expect(formatNumber(1234, "en")).toBe("1,234");
  });
});

describe("countForm", () => {
  it.each([
    [1, "one"],
    [21, "one"],
    [101, "one"],
    [2, "few"],
    [4, "few"],
    [23, "few"],
    [0, "many"],
    [5, "many"],
    [11, "many"],
    [12, "many"],
    [14, "many"],
    [20, "many"],
    [111, "many"],
    [25, "many"],
  ] as const)("words %i with the %s form", (count, form) => {
    expect(countForm(count)).toBe(form);
  });
});
