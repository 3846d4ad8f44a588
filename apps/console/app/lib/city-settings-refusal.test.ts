import { describe, expect, it } from "vitest";
import { citySettingsRefusalMessage } from "./city-settings-refusal.ts";

describe("citySettingsRefusalMessage", () => {
  it.each([
    { field: "currencyCode", refusal: "UNKNOWN_CURRENCY", message: "cities.error.currency" },
    { field: "tips.values.0", refusal: "TIP_OVER_MAX", message: "cities.error.tipOverMax" },
    { field: "loyalty.earnPer", refusal: "NOT_WHOLE_MINOR_UNITS", message: "cities.error.amount" },
    { field: "loyalty.welcomeBonus", refusal: "NOT_WHOLE_POINTS", message: "cities.error.wholePoints" },
    { field: "loyalty.pointValue", refusal: "VALUE_REQUIRED", message: "cities.error.loyaltyRequired" },
    { field: "loyalty.minimumToRedeem", refusal: "OVER_MAX", message: "cities.error.pointsOverMax" },
    { field: "loyalty.expiryMonths", refusal: "EXPIRY_RANGE", message: "cities.error.expiry" },
    { field: "loyalty.pointValue", refusal: "REWARD_OVER_SPEND", message: "cities.error.rewardOverSpend" },
    { field: "paymentTypes", refusal: null, message: "cities.error.payment" },
    { field: "preorderDays", refusal: null, message: "cities.error.preorder" },
    // A refusal the console does not know yet, and an input the form's own schema refused.
    { field: "courierKmh", refusal: "SOMETHING_NEW", message: "cities.error.invalid" },
    { field: "loyalty.earnPoints", refusal: null, message: "cities.error.invalid" },
    { field: "loyalty.earnPoints", refusal: "toString", message: "cities.error.invalid" },
  ])("$field refused for $refusal → $message", ({ field, refusal, message }) => {
    expect(citySettingsRefusalMessage(field, refusal)).toBe(message);
  });
});
