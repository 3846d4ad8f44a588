import { describe, expect, it } from "vitest";
import { displayPhone } from "./phone.server.ts";

describe("displayPhone", () => {
  it.each([
    ["37120000101", "+371 20 000 101"],
    ["380441234567", "+380 44 123 4567"],
    ["9647701234567", "+964 770 123 4567"],
    // Digits no country's plan knows keep the plus and stay as they are.
    ["999123", "+999123"],
  ])("%s reads %s: a leading plus and the country's grouping", (digits, shown) => {
    expect(displayPhone(digits)).toBe(shown);
  });
});
