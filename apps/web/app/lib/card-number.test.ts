import { maskCardNumber } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";
import { cardNumberText } from "./card-number.ts";

const t = (key: string) => (key === "cards.broken" ? "karte bojāta" : key);

describe("cardNumberText", () => {
  it.each([
    [{ maskedCardNumber: maskCardNumber("4242"), brand: "Visa" }, "Visa ****4242"],
    [{ maskedCardNumber: maskCardNumber("4242") }, "****4242"],
    [{ maskedCardNumber: maskCardNumber(null), brand: "Visa" }, "Visa (karte bojāta)"],
    [{ maskedCardNumber: maskCardNumber(null) }, "karte bojāta"],
  ])("%o reads %s", (card, text) => {
    expect(cardNumberText(card, t)).toBe(text);
  });
});
