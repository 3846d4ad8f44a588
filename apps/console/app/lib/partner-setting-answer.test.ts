import { describe, expect, it } from "vitest";
import { refusedFirebase } from "./firebase-answer.ts";
import { settingRefusal } from "./partner-setting-answer.ts";
import { refusedPayments } from "./payments-answer.ts";
import { refusedPush } from "./push-answer.ts";

const fieldRefused = (field: string) => ({
  status: 400,
  body: { type: "ValidationException" as const, details: [{ field, message: "expected …" }] },
});

describe("settingRefusal", () => {
  const fields = ["projectId", "cities"] as const;
  it.each([
    { error: fieldRefused("projectId"), answer: { field: "projectId", problem: "projectId" } },
    // A list's item is the list's (a city the partner has not got).
    { error: fieldRefused("cities.0"), answer: { field: "cities", problem: "cities" } },
    { error: fieldRefused("body"), answer: { field: null, problem: "failed" } },
    {
      error: { status: 409, body: { type: "PaymentException" as const, errorCode: "NO_KEYS_SECRET" } },
      answer: { field: null, problem: "noKeysSecret" },
    },
    // The provider the setting is checked with (Stripe, Google) out of reach.
    {
      error: { status: 503, body: { type: "MessageNotSentException" as const } },
      answer: { field: null, problem: "unreachable" },
    },
    {
      error: { status: 404, body: { type: "PartnerNotFoundException" as const } },
      answer: { field: null, problem: "unknownPartner" },
    },
  ])("$error.status $error.body → $answer.problem", ({ error, answer }) => {
    expect(settingRefusal(error, fields)).toEqual(answer);
  });

  it.each([401, 500])("leaves %i to the page's error boundary", (status) => {
    expect(settingRefusal({ status, body: {} }, fields)).toBeNull();
  });
});

describe("each setting's refusal names its own fields only", () => {
  it.each([
    ["payments-refused", refusedPayments, ["secretKey", "webhookSecret"], "serviceAccount"],
    ["firebase-refused", refusedFirebase, ["projectId", "apiKey", "authDomain", "cities"], "secretKey"],
    ["push-refused", refusedPush, ["serviceAccount"], "projectId"],
  ] as const)("%s", (done, refused, own, other) => {
    for (const field of own)
      expect(refused("verde", fieldRefused(field))).toEqual({ done, code: "verde", field, problem: field });
    expect(refused("verde", fieldRefused(other))).toEqual({
      done,
      code: "verde",
      field: null,
      problem: "failed",
    });
  });
});
