import { describe, expect, it } from "vitest";
import { normalizePhone } from "./phone.ts";

describe("normalizePhone", () => {
  it.each([
    ["37120000000", "37120000000"],
    ["+371 2000 0000", "37120000000"],
    ["+380 (67) 123-45-67", "380671234567"],
    ["9647701234567", "9647701234567"],
  ])("keeps %s as %s", (input, digits) => {
    expect(normalizePhone(input)).toBe(digits);
  });

  it.each(["123", "3712000000000000", "+371 1234", "phone", "37100000000"])("refuses %s", (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});
