import { describe, expect, it } from "vitest";
import { paymentFailureText } from "./order-payment.ts";

const t = (key: string) => `[${key}]`;

describe("what the payment page says of a failed call", () => {
  it.each([
    [
      { type: "PaymentProviderUnavailableException", message: "The card page could not be opened." },
      "[payment.unavailable]",
    ],
    [{ type: "PaymentException", message: "Order 7 is already paid" }, "Order 7 is already paid"],
    [{ type: null, message: null }, "[alert.somethingWentWrong]"],
  ])("%o: %s", (outcome, text) => {
    expect(paymentFailureText(outcome, t)).toBe(text);
  });
});
