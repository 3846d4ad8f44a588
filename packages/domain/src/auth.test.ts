import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { authStatusOf, type SentCode, signInCodeWait } from "./auth.ts";

const visitor = { signedIn: false, name: null, hasAddress: false, phoneTyped: false, codeSent: false };

describe("authStatusOf", () => {
  it.each([
    [visitor, "FIRST_ENTRY"],
    [{ ...visitor, phoneTyped: true }, "EMPTY_LOGIN_INFO"],
    [{ ...visitor, phoneTyped: true, codeSent: true }, "CONFIRM_NUMBER"],
    [{ ...visitor, signedIn: true }, "EMPTY_NAME"],
    [{ ...visitor, signedIn: true, name: "Anna" }, "EMPTY_ADDRESS"],
    [{ ...visitor, signedIn: true, name: "Anna", hasAddress: true }, "COMPLETE"],
  ] as const)("%j is %s", (state, status) => {
    expect(authStatusOf(state)).toBe(status);
  });
});

describe("signInCodeWait", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const code = (secondsAgo: number, attempts = 0, signedIn = false): SentCode => ({
    sentAt: ago(secondsAgo),
    attempts,
    signedIn,
  });
  const wait = (phoneCodes: SentCode[], addressCodes: Date[] = [], perAddressLimit = 20) =>
    signInCodeWait({ now, phoneCodes, addressCodes, perAddressLimit });

  it.each([
    ["a first code", [], { kind: "send" }],
    ["a resend within a minute", [code(20)], { kind: "resend", retryAfterSeconds: 40 }],
    ["a resend after a minute", [code(61)], { kind: "send" }],
    ["after 4 wrong guesses", [code(61, 4)], { kind: "send" }],
    ["after a used-up code: 5 min", [code(61, 5)], { kind: "lockout", retryAfterSeconds: 239 }],
    ["after a used-up code, 5 min later", [code(300, 5)], { kind: "send" }],
    [
      "wrong guesses add up across codes",
      [code(61, 3), code(200, 2)],
      { kind: "lockout", retryAfterSeconds: 239 },
    ],
    [
      "after two used-up codes: 30 min",
      [code(600, 5), code(1000, 5)],
      { kind: "lockout", retryAfterSeconds: 1200 },
    ],
    [
      "after three: 2 h",
      [code(3600, 5), code(4000, 5), code(9000, 5)],
      { kind: "lockout", retryAfterSeconds: 3600 },
    ],
    [
      "and 2 h after more",
      [code(60, 5), code(4000, 5), code(9000, 5), code(20000, 5)],
      { kind: "lockout", retryAfterSeconds: 7140 },
    ],
    ["a sign-in starts the count again", [code(61, 1, true), code(4000, 5), code(9000, 5)], { kind: "send" }],
    ["guesses a day old are forgotten", [code(86_400, 5)], { kind: "send" }],
    [
      "five codes within the hour",
      [code(61), code(600), code(1200), code(1800), code(2400)],
      { kind: "phoneHourly", retryAfterSeconds: 1200 },
    ],
    [
      "ten codes within the day",
      Array.from({ length: 10 }, (_, i) => code(3700 + i * 3600)),
      { kind: "phoneDaily", retryAfterSeconds: 86_400 - 3700 - 9 * 3600 },
    ],
  ] as const)("%s", (_name, codes, expected) => {
    expect(wait([...codes])).toEqual(expected);
  });

  it("caps the codes one address asks for in an hour", () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ago(100 + i));
    expect(wait([], twenty)).toEqual({ kind: "address", retryAfterSeconds: 3600 - 119 });
    expect(wait([], twenty.slice(1))).toEqual({ kind: "send" });
    expect(wait([], twenty, 30)).toEqual({ kind: "send" });
  });

  it("never lets more than the daily cap through, however the codes are spread", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 86_399 }), { maxLength: 30 }), (secondsAgo) => {
        const codes = secondsAgo.map((s) => code(s));
        const answer = wait(codes);
        if (codes.length >= 10) expect(answer.kind).not.toBe("send");
        if (answer.kind !== "send") expect(answer.retryAfterSeconds).toBeGreaterThan(0);
      }),
    );
  });
});
