import { describe, expect, it } from "vitest";
import { refusedPayments } from "./payments-answer.ts";

const fieldRefused = (field: string) => ({
  status: 400,
  body: { type: "ValidationException" as const, details: [{ field, message: "expected …" }] },
});

describe("refusedPayments", () => {
  it.each([
    { error: fieldRefused("secretKey"), answer: { field: "secretKey", problem: "secretKey" } },
    { error: fieldRefused("webhookSecret"), answer: { field: "webhookSecret", problem: "webhookSecret" } },
    { error: fieldRefused("provider"), answer: { field: null, problem: "failed" } },
    {
      error: { status: 409, body: { type: "PaymentException" as const, errorCode: "NO_KEYS_SECRET" } },
      answer: { field: null, problem: "noKeysSecret" },
    },
    {
      error: { status: 404, body: { type: "PartnerNotFoundException" as const } },
      answer: { field: null, problem: "unknownPartner" },
    },
  ])("$error.status $error.body → $answer.problem", ({ error, answer }) => {
    expect(refusedPayments("demo", error)).toEqual({ done: "payments-refused", code: "demo", ...answer });
  });

  it.each([401, 500, 503])("leaves %i to the page's error boundary", (status) => {
    expect(refusedPayments("demo", { status, body: {} })).toBeNull();
  });
});
