import { describe, expect, it } from "vitest";
import { refusedFirebase } from "./firebase-answer.ts";

const fieldRefused = (field: string) => ({
  status: 400,
  body: { type: "ValidationException" as const, details: [{ field, message: "expected …" }] },
});

describe("refusedFirebase", () => {
  it.each([
    { error: fieldRefused("projectId"), answer: { field: "projectId", problem: "projectId" } },
    { error: fieldRefused("apiKey"), answer: { field: "apiKey", problem: "apiKey" } },
    { error: fieldRefused("authDomain"), answer: { field: "authDomain", problem: "authDomain" } },
    // No city ticked, or one the partner has not got (the API names the list either way).
    { error: fieldRefused("cities"), answer: { field: "cities", problem: "cities" } },
    { error: fieldRefused("cities.0"), answer: { field: "cities", problem: "cities" } },
    { error: fieldRefused("body"), answer: { field: null, problem: "failed" } },
    {
      error: { status: 404, body: { type: "PartnerNotFoundException" as const } },
      answer: { field: null, problem: "unknownPartner" },
    },
  ])("$error.status $error.body → $answer.problem", ({ error, answer }) => {
    expect(refusedFirebase("verde", error)).toEqual({ done: "firebase-refused", code: "verde", ...answer });
  });

  it.each([401, 500, 503])("leaves %i to the page's error boundary", (status) => {
    expect(refusedFirebase("verde", { status, body: {} })).toBeNull();
  });
});
