import { describe, expect, it } from "vitest";
import { authStatusOf } from "./auth.ts";

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
