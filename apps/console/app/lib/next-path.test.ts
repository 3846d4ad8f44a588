import { describe, expect, it } from "vitest";
import { inLocale, nextPath } from "./next-path.ts";

const at = (next: string | null) =>
  new URL(
    `https://shop.example/console/en/sign-in${next === null ? "" : `?next=${encodeURIComponent(next)}`}`,
  );

describe("nextPath", () => {
  it.each([
    [null, "/en/orders"],
    ["/en/orders/12", "/en/orders/12"],
    ["/lv/orders?status=READY&date=2026-11-24", "/lv/orders?status=READY&date=2026-11-24"],
    ["//evil.example/en/orders", "/en/orders"],
    ["/\\evil.example", "/en/orders"],
    ["https://evil.example/en/orders", "/en/orders"],
    ["javascript:alert(1)", "/en/orders"],
    ["/en/orders?next=\\\\evil", "/en/orders"],
  ])("after signing in from %s goes to %s", (next, expected) => {
    expect(nextPath(at(next), "en")).toBe(expected);
  });
});

describe("inLocale", () => {
  it("puts a console path in another language", () => {
    expect(inLocale("/en/orders/5?status=ACTIVE", "ar")).toBe("/ar/orders/5?status=ACTIVE");
  });
});
