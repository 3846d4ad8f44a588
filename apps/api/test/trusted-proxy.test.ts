import { PHONE_CODES_PER_ADDRESS_PER_HOUR } from "@storefront/domain";
import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  // The storefront's load balancer sits on loopback; it reports the visitor in X-Forwarded-For.
  t = await startTestApp({ trustProxy: ["127.0.0.1"] });
});
afterAll(() => t.close());

let phoneSeed = 26_100_000;
async function askForCode(peer: string, forwardedFor: string) {
  phoneSeed += 1;
  const response = await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(`371${phoneSeed}`)),
    headers: { ...DEMO, "x-forwarded-for": forwardedFor },
    remoteAddress: peer,
  });
  return response.statusCode;
}

describe("the visitor's address behind a trusted proxy", () => {
  it("limits sign-in codes per visitor the proxy names, not per proxy", async () => {
    for (let asked = 0; asked < PHONE_CODES_PER_ADDRESS_PER_HOUR; asked += 1)
      expect(await askForCode("127.0.0.1", "203.0.113.5")).toBe(200);
    expect(await askForCode("127.0.0.1", "203.0.113.5")).toBe(429);
    // Another visitor behind the same proxy still gets a code.
    expect(await askForCode("127.0.0.1", "203.0.113.6")).toBe(200);
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    // 203.0.113.5 used its codes up above; a direct caller cannot borrow another's address.
    expect(await askForCode("198.51.100.9", "203.0.113.5")).toBe(200);
    expect(await askForCode("198.51.100.9", "203.0.113.77")).toBe(200);
  });
});

describe("TRUST_PROXY", () => {
  it.each([
    [undefined, false],
    ["false", false],
    ["true", true],
    ["127.0.0.1", ["127.0.0.1"]],
    ["10.0.0.0/8, ::1", ["10.0.0.0/8", "::1"]],
  ])("%s is read as %j", (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("refuses what is not an address", () => {
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});
