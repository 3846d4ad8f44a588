import { describe, expect, it } from "vitest";
import { refusedRefund } from "./refund-answer.ts";

const amountRefused = (message: string) => ({
  status: 400,
  body: { type: "ValidationException" as const, details: [{ field: "amount", message }] },
});

describe("refusedRefund", () => {
  it.each([
    {
      error: amountRefused("is more than what is left to refund (€7.20)"),
      answer: { field: "amount", problem: "tooMuch" },
    },
    {
      error: amountRefused("nothing is left to refund (€0.00)"),
      answer: { field: "amount", problem: "nothingLeft" },
    },
    { error: amountRefused("must be more than zero"), answer: { field: "amount", problem: "positive" } },
    {
      error: amountRefused("Too small: expected number to be >0"),
      answer: { field: "amount", problem: "positive" },
    },
    { error: amountRefused("is not a whole amount of EUR"), answer: { field: "amount", problem: "whole" } },
    {
      error: { status: 400, body: { details: [{ field: "reason", message: "Too small" }] } },
      answer: { field: "reason", problem: "reason" },
    },
    { error: { status: 403, body: {} }, answer: { field: null, problem: "forbidden" } },
    {
      error: { status: 409, body: { type: "PaymentException" as const, errorCode: "NOT_REFUNDABLE" } },
      answer: { field: null, problem: "notRefundable" },
    },
    {
      error: { status: 409, body: { details: [{ field: "requestKey", message: "is a failed refund's" }] } },
      answer: { field: null, problem: "failed" },
    },
    {
      error: { status: 503, body: { type: "PaymentProviderUnavailableException" as const } },
      answer: { field: null, problem: "unavailable" },
    },
  ])("$error.status $error.body.details → $answer.problem", ({ error, answer }) => {
    expect(refusedRefund(error)).toEqual({ refund: "refused", ...answer });
  });

  it.each([401, 500, 502])("leaves %i to the page's error handling", (status) => {
    expect(refusedRefund({ status, body: {} })).toBeNull();
  });
});
