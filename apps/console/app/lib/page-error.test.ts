import { describe, expect, it } from "vitest";
import { ConsoleApiError } from "./api.ts";
import { pageErrorKind } from "./page-error.ts";

/** What React Router hands a boundary for a path no route matches (the shape `isRouteErrorResponse` reads). */
const noSuchPath = {
  status: 404,
  statusText: "Not Found",
  internal: true,
  data: 'No route matches URL "/en/nothing"',
};

describe("pageErrorKind", () => {
  it("a missing or malformed record of the API is not found", () => {
    expect(pageErrorKind(new ConsoleApiError(404, {}, null))).toBe("notFound");
    expect(pageErrorKind(new ConsoleApiError(400, {}, null))).toBe("notFound");
  });

  it("a path no screen has is not found", () => {
    expect(pageErrorKind(noSuchPath)).toBe("notFound");
  });

  it("what the member's role does not open is forbidden", () => {
    expect(pageErrorKind(new ConsoleApiError(403, {}, null))).toBe("forbidden");
  });

  it("an outage or a fault is a failure to try again", () => {
    expect(pageErrorKind(new ConsoleApiError(503, {}, null))).toBe("failed");
    expect(pageErrorKind(new ConsoleApiError(500, {}, null))).toBe("failed");
    expect(pageErrorKind(new TypeError("Failed to fetch"))).toBe("failed");
  });
});
