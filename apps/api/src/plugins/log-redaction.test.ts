import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { redactingLoggerOptions, redactUrl, serializeError } from "./log-redaction.ts";

describe("redactUrl", () => {
  it.each([
    // Nothing secret: the URL stays as sent.
    ["/api/customer/me", "/api/customer/me"],
    [
      "/api/public/localities/riga/vendors?page=2&size=30",
      "/api/public/localities/riga/vendors?page=2&size=30",
    ],
    ["/en/riga?q=pizza%20margherita&x", "/en/riga?q=pizza%20margherita&x"],
    [
      "/api/carts/abc?localityCode=riga&promoCode=WELCOME5",
      "/api/carts/abc?localityCode=riga&promoCode=WELCOME5",
    ],
    ["/?", "/?"],
    // The native app's session token on the tracking socket.
    [
      "/api/customer/orders/track?orderID=12&token=Zx9-abc_DEF",
      "/api/customer/orders/track?orderID=12&token=[redacted]",
    ],
    [
      "/api/customer/orders/track?token=Zx9&orderID=12",
      "/api/customer/orders/track?token=[redacted]&orderID=12",
    ],
    // Any name ending in "token", whatever its case or encoding.
    [
      "/x?fcmToken=a&access_token=b&TOKEN=c&refresh-Token=d",
      "/x?fcmToken=[redacted]&access_token=[redacted]&TOKEN=[redacted]&refresh-Token=[redacted]",
    ],
    ["/x?%74oken=secret", "/x?%74oken=[redacted]"],
    ["/x?tokens=1&tokenType=2", "/x?tokens=1&tokenType=2"],
    // Sign-in codes and the partner's customer hand-over.
    ["/callback?code=1234&state=s", "/callback?code=[redacted]&state=s"],
    ["/x?CODE=1234&codes=1", "/x?CODE=[redacted]&codes=1"],
    [
      "/en/riga?customerData=%7B%22token%22%3A%22eyJhbGciOi.x.y%22%7D&utm=1",
      "/en/riga?customerData=[redacted]&utm=1",
    ],
    ['/en?customerdata={"token":"eyJ"}', "/en?customerdata=[redacted]"],
    ["/x?token=a=b=c&n=1", "/x?token=[redacted]&n=1"],
    ["/x?token=&n=1", "/x?token=[redacted]&n=1"],
    ["/x?%zz=1&token=t", "/x?%zz=1&token=[redacted]"],
    // The phone a sign-in code goes to, and any e-mail address.
    [
      "/api/customer/auth/sendPhoneConfirmation?phone=37120000001",
      "/api/customer/auth/sendPhoneConfirmation?phone=[redacted]",
    ],
    ["/x?Email=a%40b.lv&phones=1", "/x?Email=[redacted]&phones=1"],
    ["/api/dev/outbox?to=%2B37120000001&limit=1", "/api/dev/outbox?to=[redacted]&limit=1"],
    // The key of a signed invoice link.
    ["/api/invoices/eyJvIjoxfQ.sig-nature_1", "/api/invoices/[redacted]"],
    ["/api/invoices/eyJvIjoxfQ.sig?download=1", "/api/invoices/[redacted]?download=1"],
    ["/api/invoices/abc/extra", "/api/invoices/[redacted]/extra"],
    ["/api/invoices/", "/api/invoices/"],
    [
      "/api/customer/me/orders/7/invoice?externalBrowser=true",
      "/api/customer/me/orders/7/invoice?externalBrowser=true",
    ],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe("the logger's serializers", () => {
  it("redact the raw path @fastify/websocket logs of an upgrade it cannot take", () => {
    const { path } = redactingLoggerOptions.serializers;
    expect(path("/api/customer/orders/trak?orderID=1&token=abc")).toBe(
      "/api/customer/orders/trak?orderID=1&token=[redacted]",
    );
    expect(path(42)).toBe(42);
  });
});

describe("serializeError", () => {
  it("keeps a failed query's SQL and code but not its parameters, nor values that look like frames", () => {
    const cause = Object.assign(new Error('new row violates check constraint "c" Failing row (Anna)'), {
      code: "23514",
      table: "users",
      constraint: "c",
      detail: "Failing row contains (Anna, +37120000001).",
    });
    const error = new DrizzleQueryError(
      'update "users" set "name" = $1',
      ["Anna\n    at evil (+37120000001)"],
      cause,
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      message: 'Failed query: update "users" set "name" = $1',
      query: 'update "users" set "name" = $1',
      code: "23514",
      table: "users",
      constraint: "c",
    });
    const text = JSON.stringify(logged);
    expect(text).not.toMatch(/Anna|37120000001|params|Failing row/);
    expect(logged.stack).toMatch(/^\w+: Failed query: update "users" set "name" = \$1\n\s+at /);
  });

  it("leaves any other error as pino writes it", () => {
    expect(serializeError(new Error("boom"))).toMatchObject({ type: "Error", message: "boom" });
  });
});
