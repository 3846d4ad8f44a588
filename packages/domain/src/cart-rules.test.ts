import { describe, expect, it } from "vitest";
import {
  clampCutlery,
  missingAddressStatus,
  optionsKeyOf,
  PROMO_CODE_PATTERN,
  quickAddProblem,
  seenPriceChanged,
  unitPriceMinor,
} from "./cart-rules.ts";

describe("optionsKeyOf", () => {
  it("is the same for the same options in any order", () => {
    expect(
      optionsKeyOf([
        { id: 5, count: 1 },
        { id: 2, count: 2 },
      ]),
    ).toBe(
      optionsKeyOf([
        { id: 2, count: 2 },
        { id: 5, count: 1 },
      ]),
    );
  });
  it("differs when a count differs", () => {
    expect(optionsKeyOf([{ id: 2, count: 1 }])).not.toBe(optionsKeyOf([{ id: 2, count: 2 }]));
  });
  it("is empty without options", () => expect(optionsKeyOf([])).toBe(""));
});

describe("quickAddProblem", () => {
  const group = (required: boolean, multiSelection: boolean, maxCount: number) => ({
    required,
    multiSelection,
    maxCount,
  });
  it.each([
    [[], null],
    [[group(false, true, 3)], null],
    [[group(false, false, 1)], null],
    [[group(true, false, 1)], "DEFAULT_NOT_SELECTED"],
    [[group(false, true, 1)], "VALIDATION_FAILED"],
    [[group(false, true, 1), group(true, false, 1)], "DEFAULT_NOT_SELECTED"],
  ] as const)("groups %j → %s", (componentGroups, expected) => {
    expect(quickAddProblem({ componentGroups })).toBe(expected);
  });
});

describe("missingAddressStatus", () => {
  it.each([
    [{ savedAddresses: 0, addressChosen: false, temporaryAddress: false }, "ADDRESS_NOT_EXISTS"],
    [{ savedAddresses: 2, addressChosen: false, temporaryAddress: false }, "ADDRESS_NOT_CHOOSEN"],
    [{ savedAddresses: 2, addressChosen: true, temporaryAddress: false }, null],
    [{ savedAddresses: 0, addressChosen: false, temporaryAddress: true }, null],
  ] as const)("%j → %s", (input, expected) => expect(missingAddressStatus(input)).toBe(expected));
});

describe("clampCutlery", () => {
  it.each([
    [-1, null, 0],
    [3, null, 3],
    [5, 4, 4],
    [2, 4, 2],
  ] as const)("%d within max %s → %d", (count, max, expected) =>
    expect(clampCutlery(count, max)).toBe(expected),
  );
});

describe("PROMO_CODE_PATTERN", () => {
  it.each([
    ["WELCOME10", true],
    ["ПРИВІТ5", true],
    ["ПРИВЕТ", true],
    ["abc123", true],
    ["A".repeat(20), true],
    ["A".repeat(21), false],
    ["WITH SPACE", false],
    ["DASH-1", false],
    ["مرحبا", false],
    ["", false],
  ])("%s → %s", (code, ok) => expect(PROMO_CODE_PATTERN.test(code)).toBe(ok));
});

describe("seenPriceChanged", () => {
  const unit = {
    priceMinor: 1250,
    components: [
      { priceMinor: 120, count: 1 },
      { priceMinor: 50, count: 2 },
    ],
  };
  it.each([
    [undefined, "EUR", false],
    [14.7, "EUR", false],
    // What a browser adds up in floating point is the same price.
    [12.5 + 1.2 + 0.5 * 2, "EUR", false],
    [13.7, "EUR", true],
    // Three digits in dinars: 1.47 IQD is 1,470 fils.
    [1.47, "IQD", false],
    [1.469, "IQD", true],
  ] as const)("seen %s %s → changed %s", (seen, currency, changed) => {
    expect(unitPriceMinor(unit)).toBe(1470);
    expect(seenPriceChanged(seen, unitPriceMinor(unit), currency)).toBe(changed);
  });
});
