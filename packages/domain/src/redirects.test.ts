import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allowedReturnUrl, isSameOriginPath, safeReturnPath } from "./redirects.ts";

describe("safeReturnPath", () => {
  it.each([
    ["/en/riga", "/en/riga"],
    ["/en/riga?modal=cart#top", "/en/riga?modal=cart#top"],
    ["/", "/"],
    ["//evil.example/x", "/en"],
    ["/\\evil.example/x", "/en"],
    ["\\\\evil.example", "/en"],
    ["https://evil.example/", "/en"],
    ["javascript:alert(1)", "/en"],
    ["/\t/evil.example", "/en"],
    ["/\n/evil.example", "/en"],
    ["en/riga", "/en"],
    ["", "/en"],
    [null, "/en"],
    [undefined, "/en"],
  ])("%j goes back to %j", (value, expected) => {
    expect(safeReturnPath(value, "/en")).toBe(expected);
  });

  it("never answers a target a browser would read as another host", () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const target = safeReturnPath(value, "/en");
        // A browser resolves the Location against the page: the host stays the shop's.
        expect(new URL(target, "https://shop.example/en/riga").origin).toBe("https://shop.example");
      }),
    );
  });
});

describe("allowedReturnUrl", () => {
  const trusted = { publicUrl: "https://shop.example", allowedOrigins: ["https://app.shop.example"] };

  it.each([
    ["/en/menu/orders/7/payment?x=1#top", "https://shop.example/en/menu/orders/7/payment?x=1#top"],
    ["https://shop.example/pay", "https://shop.example/pay"],
    ["https://app.shop.example/back", "https://app.shop.example/back"],
    // Dot segments stay on the shop's host once the address is absolute.
    ["/a/..//evil.example/x", "https://shop.example//evil.example/x"],
    ["https://evil.example/x", null],
    ["//evil.example/x", null],
    ["/\\evil.example/x", null],
    ["http://shop.example/pay", null],
    ["https://shop.example.evil.example/", null],
    ["https://user:pass@shop.example/", null],
    ["javascript:alert(1)", null],
  ])("%j is %j", (value, expected) => {
    expect(allowedReturnUrl(value, trusted)).toBe(expected);
  });

  it("trusts only the storefront when the partner lists no origin", () => {
    expect(
      allowedReturnUrl("https://app.shop.example/back", { publicUrl: "https://shop.example" }),
    ).toBeNull();
  });

  it("answers only addresses on a trusted origin", () => {
    // Addresses built from the pieces attacks use: schemes, slashes, look-alike hosts, anything after.
    const address = fc
      .tuple(
        fc.constantFrom("https://", "http://", "//", "/\\", "/", "", "\t/", "javascript:"),
        fc.constantFrom(
          "shop.example",
          "evil.example",
          "app.shop.example",
          "shop.example.evil.example",
          "u:p@shop.example",
          "",
        ),
        fc.string(),
      )
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(fc.oneof(address, fc.string()), (value) => {
        const allowed = allowedReturnUrl(value, trusted);
        if (allowed !== null)
          expect(["https://shop.example", "https://app.shop.example"]).toContain(new URL(allowed).origin);
      }),
    );
  });
});

describe("isSameOriginPath", () => {
  it("is a path, not a host", () => {
    expect(isSameOriginPath("/en")).toBe(true);
    expect(isSameOriginPath("//en")).toBe(false);
  });
});
