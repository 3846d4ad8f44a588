import { randomUUID } from "node:crypto";
import { endpoints } from "@storefront/domain/contract";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_SECRETS, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const SECRET = new TextEncoder().encode(DEMO_SECRETS.externalSignInSecret);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW });
});
afterAll(() => t.close());

function signed(claims: Record<string, unknown>, key = SECRET, issuedAt: Date | null = NOW) {
  const jwt = new SignJWT({ jti: randomUUID(), ...claims }).setProtectedHeader({ alg: "HS256" });
  if (issuedAt) jwt.setIssuedAt(Math.floor(issuedAt.getTime() / 1000));
  return jwt.sign(key);
}

const byToken = (token: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: endpoints.auth.ondeLoginByToken().method,
    url: apiPath(endpoints.auth.ondeLoginByToken()),
    headers: { ...DEMO, ...headers },
    payload: { token },
  });

describe("external sign-in by a partner-signed token", () => {
  it("signs the customer in with their details and language", async () => {
    const token = await signed({
      phone: "+371 2955 1234",
      name: "Ilze",
      email: "ilze@example.lv",
      customerLocale: "lv-LV",
    });
    const response = await byToken(token);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      phone: "37129551234",
      name: "Ilze",
      email: "ilze@example.lv",
      lang: "lv",
    });
    const cookie = String(response.headers["set-cookie"]).split(";")[0] as string;
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie },
    });
    expect(me.json().name).toBe("Ilze");
  });

  it("gives a native app its bearer token", async () => {
    const response = await byToken(await signed({ phone: "37129551235" }), { "x-platform": "android" });
    expect(response.json().token).toMatch(/^[\w-]{40,}$/);
  });

  it("refuses a token signed with another secret", async () => {
    const forged = await signed({ phone: "37129551236" }, new TextEncoder().encode("not-the-partner-secret"));
    const response = await byToken(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ type: "InvalidExternalTokenException" });
  });

  it("refuses an unsigned token", async () => {
    const unsigned = new UnsecuredJWT({ phone: "37129551237" })
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .encode();
    expect((await byToken(unsigned)).statusCode).toBe(401);
  });

  it("refuses a token older than 5 minutes", async () => {
    const old = await signed({ phone: "37129551238" }, SECRET, new Date(NOW.getTime() - 6 * 60 * 1000));
    const response = await byToken(old);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ type: "InvalidExternalTokenException" });
    const fresh = await signed({ phone: "37129551238" }, SECRET, new Date(NOW.getTime() - 4 * 60 * 1000));
    expect((await byToken(fresh)).statusCode).toBe(200);
  });

  it("signs in once with a token: a replay is refused", async () => {
    const token = await signed({ phone: "37129551239" });
    expect((await byToken(token)).statusCode).toBe(200);
    const replayed = await byToken(token);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ type: "InvalidExternalTokenException" });
    expect(replayed.headers["set-cookie"]).toBeUndefined();
  });

  it("lets one of 10 parallel uses of one token through", async () => {
    const token = await signed({ phone: "37129551240" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => byToken(token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(9);
  });

  it("refuses a token without an id (jti) or without its issue time (iat)", async () => {
    const withoutJti = await new SignJWT({ phone: "37129551241" })
      .setProtectedHeader({ alg: "HS256" })
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .sign(SECRET);
    expect((await byToken(withoutJti)).statusCode).toBe(401);
    const withoutIat = await signed({ phone: "37129551241" }, SECRET, null);
    expect((await byToken(withoutIat)).statusCode).toBe(401);
  });

  it("asks for the phone in the token", async () => {
    const response = await byToken(await signed({ name: "No phone" }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual(expect.objectContaining({ field: "token.phone" }));
  });
});
