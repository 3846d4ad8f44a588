import { describe, expect, it } from "vitest";
import { cardBrandOf, checkSandboxCard, isExpired, isLuhnValid } from "./sandbox-cards.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const good = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123", name: "Ada Lovelace" };

describe("the sandbox's cards", () => {
  it.each([
    ["4242 4242 4242 4242", "AUTHORIZED"],
    ["4242-4242-4242-4242", "AUTHORIZED"],
    ["4000 0000 0000 0002", "FAILED"],
    ["5555 5555 5555 4444", "FAILED"],
  ])("%s → %s", (cardNumber, outcome) => {
    const check = checkSandboxCard({ ...good, cardNumber }, NOW);
    expect(check).toMatchObject({ ok: true, outcome, last4: cardNumber.slice(-4) });
  });

  it.each([
    [{ cardNumber: "4242 4242 4242 4241" }, "cardNumber", "NUMBER_INVALID"],
    [{ cardNumber: "4242" }, "cardNumber", "NUMBER_INVALID"],
    [{ cardNumber: "" }, "cardNumber", "NUMBER_MISSING"],
    [{ expiry: "10/26" }, "expiry", "EXPIRED"],
    [{ expiry: "13/30" }, "expiry", "EXPIRY_FORMAT"],
    [{ expiry: "" }, "expiry", "EXPIRY_MISSING"],
    [{ cvc: "12" }, "cvc", "CVC_3_ON_BACK"],
    [{ cvc: "abc" }, "cvc", "CVC_3_ON_BACK"],
    [{ name: " " }, "name", "NAME_MISSING"],
  ])("%o is an error on %s", (change, field, message) => {
    const check = checkSandboxCard({ ...good, ...change }, NOW);
    expect(check).toEqual({ ok: false, errors: { [field]: message } });
  });

  it("takes the expiry as MM/YY, M/YY or MMYY, good through the end of its month", () => {
    for (const expiry of ["11/26", "1/27", "1130", " 12 / 26 "])
      expect(checkSandboxCard({ ...good, expiry }, NOW).ok).toBe(true);
    expect(isExpired(11, 26, new Date("2026-11-30T23:59:59Z"))).toBe(false);
    expect(isExpired(11, 26, new Date("2026-12-01T00:00:00Z"))).toBe(true);
  });

  it("checks the Luhn sum and names the brand", () => {
    expect(isLuhnValid("4242424242424242")).toBe(true);
    expect(isLuhnValid("4000000000000002")).toBe(true);
    expect(isLuhnValid("4242424242424243")).toBe(false);
    expect(cardBrandOf("4242424242424242")).toBe("Visa");
    expect(cardBrandOf("5555555555554444")).toBe("Mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("Mastercard");
    expect(cardBrandOf("378282246310005")).toBe("American Express");
    expect(cardBrandOf("6011111111111117")).toBe("Card");
  });

  it("asks an American Express card for 4 digits", () => {
    const amex = { ...good, cardNumber: "3782 822463 10005" };
    expect(checkSandboxCard({ ...amex, cvc: "1234" }, NOW)).toMatchObject({ ok: true, outcome: "FAILED" });
    expect(checkSandboxCard(amex, NOW)).toMatchObject({ ok: false, errors: { cvc: "CVC_4_ON_FRONT" } });
  });
});
