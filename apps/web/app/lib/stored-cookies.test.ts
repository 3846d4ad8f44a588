import { describe, expect, it } from "vitest";
import {
  cookieHeaderFrom,
  cookiesFrom,
  lastingCookies,
  parseSetCookie,
  type StoredCookies,
} from "./stored-cookies.ts";

const NOW = Date.parse("2026-11-25T10:00:00Z");

describe("the app's stored cookies", () => {
  it("keeps a cookie with its end from Max-Age, or from Expires when there is no Max-Age", () => {
    expect(parseSetCookie("locale=ImVuIg%3D%3D; Max-Age=60; Path=/; HttpOnly; SameSite=Lax", NOW)).toEqual({
      name: "locale",
      forget: false,
      cookie: { value: "ImVuIg%3D%3D", expiresAt: NOW + 60_000 },
    });
    expect(parseSetCookie("a=1; Expires=Thu, 26 Nov 2026 10:00:00 GMT", NOW)).toEqual({
      name: "a",
      forget: false,
      cookie: { value: "1", expiresAt: NOW + 86_400_000 },
    });
    expect(parseSetCookie("a=1; Expires=Thu, 26 Nov 2026 10:00:00 GMT; Max-Age=5", NOW)).toMatchObject({
      cookie: { expiresAt: NOW + 5000 },
    });
    expect(parseSetCookie("platform=ImFuZHJvaWQi; Path=/", NOW)).toMatchObject({
      cookie: { expiresAt: null },
    });
  });

  it("forgets a cookie that is cleared: Max-Age=0, a past date or no value", () => {
    expect(parseSetCookie("cartId=; Path=/; Max-Age=0; SameSite=Lax", NOW)).toEqual({
      name: "cartId",
      forget: true,
    });
    expect(parseSetCookie("a=1; Expires=Thu, 01 Jan 1970 00:00:00 GMT", NOW)).toEqual({
      name: "a",
      forget: true,
    });
    expect(parseSetCookie("session=; Path=/", NOW)).toEqual({ name: "session", forget: true });
    expect(parseSetCookie("no pair here", NOW)).toBeNull();
  });

  it("makes the Cookie header of what has not ended, and stores only what outlives the app", () => {
    const cookies: StoredCookies = new Map([
      ["locale", { value: "x", expiresAt: NOW + 1000 }],
      ["platform", { value: "y", expiresAt: null }],
      ["old", { value: "z", expiresAt: NOW - 1 }],
    ]);
    expect(cookieHeaderFrom(cookies, NOW)).toBe("locale=x; platform=y");
    expect(cookieHeaderFrom(new Map(), NOW)).toBeNull();
    const stored = JSON.stringify(lastingCookies(cookies, NOW));
    expect([...cookiesFrom(stored)]).toEqual([["locale", { value: "x", expiresAt: NOW + 1000 }]]);
    expect(cookiesFrom("not json").size).toBe(0);
    expect(cookiesFrom(JSON.stringify({ a: { value: 1 } })).size).toBe(0);
  });
});
