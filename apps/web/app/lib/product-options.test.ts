import { describe, expect, it } from "vitest";
import { chosenOptionsProblem, optionsTotal } from "./product-options.ts";

const pizza = {
  componentGroups: [
    {
      id: 1,
      name: "Size",
      nameI18n: {},
      required: true,
      multiSelection: false,
      maxCount: 1,
      components: [
        { id: 11, name: "30 cm", nameI18n: {}, price: 0, available: true },
        { id: 12, name: "40 cm", nameI18n: {}, price: 3.5, available: true },
      ],
    },
    {
      id: 2,
      name: "Toppings",
      nameI18n: {},
      required: false,
      multiSelection: true,
      maxCount: 2,
      components: [
        { id: 21, name: "Olives", nameI18n: {}, price: 0.8, available: true },
        { id: 22, name: "Cheese", nameI18n: {}, price: 1.2, available: true },
        { id: 23, name: "Jalapeño", nameI18n: {}, price: 0.7, available: true },
      ],
    },
  ],
};

describe("product options", () => {
  it("asks for the required size first", () => {
    expect(chosenOptionsProblem(pizza, {})).toEqual({ groupId: 1, reason: "REQUIRED" });
  });

  it("refuses more toppings than allowed", () => {
    expect(chosenOptionsProblem(pizza, { 1: [11], 2: [21, 22, 23] })).toEqual({
      groupId: 2,
      reason: "TOO_MANY",
    });
    expect(chosenOptionsProblem(pizza, { 1: [11], 2: [21, 22] })).toBeNull();
  });

  it("adds the chosen options' prices", () => {
    expect(optionsTotal(pizza, { 1: [12], 2: [21, 22] })).toBe(5.5);
    expect(optionsTotal(pizza, {})).toBe(0);
  });
});
