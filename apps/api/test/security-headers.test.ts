import fs from "node:fs";
import path from "node:path";
import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  // The load balancer sits on loopback and says which scheme the visitor used.
  t = await startTestApp({ trustProxy: ["127.0.0.1"] });
});
afterAll(() => t.close());

/** A picture the seed drew, as /api/media/… */
function mediaPath(): string {
  const kind = fs.readdirSync(TEST_MEDIA_DIR)[0] as string;
  const folder = fs.readdirSync(path.join(TEST_MEDIA_DIR, kind))[0] as string;
  const file = fs.readdirSync(path.join(TEST_MEDIA_DIR, kind, folder))[0] as string;
  return `/api/media/${kind}/${folder}/${file}`;
}

function fetchAs(url: string, headers: Record<string, string> = {}, remoteAddress = "127.0.0.1") {
  return t.app.inject({ method: "GET", url, headers: { ...DEMO, ...headers }, remoteAddress });
}

describe("security headers", () => {
  it.each([
    ["API JSON", apiPath(endpoints.localities.list())],
    ["an error", "/api/public/nothing-here"],
    ["the OpenAPI document", "/api/openapi.json"],
  ])("%s is never sniffed, renders nothing and cannot be framed", async (_what, url) => {
    const answer = await fetchAs(url);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(answer.headers["permissions-policy"]).toContain("geolocation=(self)");
    expect(answer.headers["permissions-policy"]).toContain("camera=()");
    expect(answer.headers["content-security-policy"]).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
  });

  it("a picture is never sniffed, and the native app may show it", async () => {
    const answer = await fetchAs(mediaPath());
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("cross-origin");
  });

  it("the API docs run their own scripts only", async () => {
    const page = await fetchAs("/api/docs/");
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("the sandbox card page keeps its stricter policy", async () => {
    const page = await fetchAs("/api/sandbox/pages/pay_doesnotexist000");
    expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("HSTS", () => {
  it("is sent when the trusted proxy says the visitor came over https", async () => {
    const answer = await fetchAs(apiPath(endpoints.localities.list()), { "x-forwarded-proto": "https" });
    expect(answer.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("is not sent over plain http, so the demo on localhost keeps working", async () => {
    expect(
      (await fetchAs(apiPath(endpoints.localities.list()))).headers["strict-transport-security"],
    ).toBeUndefined();
  });

  it("is not sent when a caller that is no trusted proxy claims https", async () => {
    const answer = await fetchAs(
      apiPath(endpoints.localities.list()),
      { "x-forwarded-proto": "https" },
      "198.51.100.7",
    );
    expect(answer.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("cookies", () => {
  let phoneSeed = 26_700_000;

  /** Signs a new customer in through the proxy, as a visitor who came over `scheme`; answers the session cookie. */
  async function sessionCookieOver(headers: Record<string, string>, remoteAddress = "127.0.0.1") {
    phoneSeed += 1;
    const phone = `371${phoneSeed}`;
    const through = { ...DEMO, ...headers };
    await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
      headers: through,
      remoteAddress,
    });
    const outbox = await t.app.inject({
      method: "GET",
      url: devPath(devEndpoints.outbox({ to: `+${phone}` })),
    });
    const login = await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.login()),
      headers: through,
      payload: { phone, token: outbox.json()[0].code },
      remoteAddress,
    });
    expect(login.statusCode).toBe(200);
    return String(login.headers["set-cookie"]);
  }

  async function visitorCookieOver(headers: Record<string, string>, remoteAddress = "127.0.0.1") {
    const cart = await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.carts.create()),
      headers: { ...DEMO, ...headers },
      payload: { localityCode: "riga", location: { latitude: 56.9496, longitude: 24.1052 } },
      remoteAddress,
    });
    expect(cart.statusCode).toBe(201);
    return String(cart.headers["set-cookie"]);
  }

  it("are Secure when the trusted proxy says the visitor came over https", async () => {
    const https = { "x-forwarded-proto": "https" };
    expect(await sessionCookieOver(https)).toMatch(/^session=[^;]+;.*; Secure/);
    expect(await visitorCookieOver(https)).toMatch(/^visitor=[^;]+;.*; Secure/);
  });

  it("are not Secure over plain http, so the demo on localhost keeps them", async () => {
    expect(await sessionCookieOver({})).not.toContain("Secure");
    expect(await visitorCookieOver({})).not.toContain("Secure");
  });

  it("are not Secure when a caller that is no trusted proxy claims https", async () => {
    expect(await visitorCookieOver({ "x-forwarded-proto": "https" }, "198.51.100.8")).not.toContain("Secure");
  });
});
