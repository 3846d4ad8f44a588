import { describe, expect, it } from "vitest";
import { paymentFailureText } from "./order-payment.ts";

const t = (key: string) => `[${key}]`;

describe("what the payment page says of a failed call", () => {
  it.each([
    [{ type: "PaymentProviderUnavailableException" }, "[payment.unavailable]"],
    [{ type: "InvalidCashAmountException" }, "[checkout.invalidCashAmount]"],
    // The API's own message is English: the customer reads their language's words.
    [{ type: "PaymentException" }, "[alert.somethingWentWrong]"],
    [{ type: null }, "[alert.somethingWentWrong]"],
  ])("%o: %s", (outcome, text) => {
    expect(paymentFailureText(outcome, t)).toBe(text);
  });
});
