import { describe, expect, it } from "vitest";
import {
  fromStripeAmount,
  StripeAmountError,
  stripeSupportsCurrency,
  toStripeAmount,
} from "./stripe-amounts.ts";

describe("amounts as Stripe counts them", () => {
  it.each([
    // our minor units, currency, what Stripe is sent
    [1250, "EUR", { amount: 1250, currency: "eur" }],
    [0, "EUR", { amount: 0, currency: "eur" }],
    [9900, "UAH", { amount: 9900, currency: "uah" }],
    [1200, "JPY", { amount: 1200, currency: "jpy" }],
    [1500, "KWD", { amount: 1500, currency: "kwd" }],
    [350, "ISK", { amount: 35000, currency: "isk" }],
  ])("%d minor units of %s are sent as %o", (minor, currency, sent) => {
    expect(toStripeAmount(minor, currency)).toEqual(sent);
    expect(fromStripeAmount(sent.amount, sent.currency)).toBe(minor);
  });

  it("refuses a currency Stripe does not take, naming it", () => {
    expect(stripeSupportsCurrency("IQD")).toBe(false);
    expect(stripeSupportsCurrency("eur")).toBe(true);
    expect(() => toStripeAmount(25000, "IQD")).toThrow(
      new StripeAmountError("Stripe does not take payments in IQD"),
    );
  });

  it("never sends a fraction or a negative amount", () => {
    expect(() => toStripeAmount(12.5, "EUR")).toThrow(StripeAmountError);
    expect(() => toStripeAmount(-1, "EUR")).toThrow(StripeAmountError);
  });
});
