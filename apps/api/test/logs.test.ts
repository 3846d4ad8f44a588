import { randomUUID } from "node:crypto";
import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import type { DestinationStream } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { DEMO, DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";

/** Every line the API logs, as written. */
const lines: string[] = [];
const capture: DestinationStream = { write: (line: string) => void lines.push(line) };
const logText = () => lines.join("");

const PARTNER_SECRET = new TextEncoder().encode(DEMO_SECRETS.externalSignInSecret);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW, logLevel: "trace", logStream: capture });
});
afterAll(() => t.close());

async function askForCode(phone: string): Promise<string> {
  const sent = await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: DEMO,
  });
  expect(sent.statusCode).toBe(200);
  const outbox = await t.app.inject({
    method: "GET",
    url: devPath(devEndpoints.outbox({ to: `+${phone}` })),
  });
  return outbox.json()[0].code;
}

function login(phone: string, code: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers: { ...DEMO, ...headers },
    payload: { phone, token: code },
  });
}

const partnerSigned = (claims: Record<string, unknown>) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt(Math.floor(NOW.getTime() / 1000))
    .setJti(randomUUID())
    .sign(PARTNER_SECRET);

/** A secret is found only as itself: a code's digits inside a longer number do not count. */
const mentions = (text: string, secret: string) =>
  new RegExp(`(?<![\\w-])${secret.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w-])`).test(text);

describe("the logs", () => {
  it("record every request but none of the codes, sessions, tokens and links that travel with them", async () => {
    const secrets: Record<string, string> = {};

    // Phone sign-in on the web: a wrong code, then the right one.
    const webPhone = "37129870001";
    const webCode = await askForCode(webPhone);
    const wrongCode = String((Number(webCode) + 1) % 10_000).padStart(4, "0");
    expect((await login(webPhone, wrongCode)).statusCode).toBe(400);
    const web = await login(webPhone, webCode);
    expect(web.statusCode).toBe(200);
    const cookie = String(web.headers["set-cookie"]).split(";")[0] as string;
    Object.assign(secrets, { webCode, wrongCode, cookie: cookie.slice("session=".length) });

    // Phone sign-in in the native app, whose session token is sent as a bearer and in URLs.
    const nativePhone = "37129870002";
    const nativeCode = await askForCode(nativePhone);
    const native = await login(nativePhone, nativeCode, { "x-platform": "ios" });
    const bearer = native.json().token as string;
    expect(bearer).toMatch(/^[\w-]{40,}$/);
    Object.assign(secrets, { nativeCode, bearer });
    const bearerHeaders = { ...DEMO, authorization: `Bearer ${bearer}` };
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: bearerHeaders,
    });
    expect(me.statusCode).toBe(200);

    // The partner's own sign-in, and its hand-over of the customer on a storefront page.
    const externalJwt = await partnerSigned({ phone: "37129870003", name: "Ilze" });
    const external = await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.ondeLoginByToken()),
      headers: DEMO,
      payload: { token: externalJwt },
    });
    expect(external.statusCode).toBe(200);
    const handOverJwt = await partnerSigned({ phone: "37129870004" });
    const customerData = encodeURIComponent(JSON.stringify({ token: handOverJwt, customerLocale: "lv-LV" }));
    await t.app.inject({ method: "GET", url: `/lv/riga?customerData=${customerData}` });
    Object.assign(secrets, {
      externalJwt,
      externalCookie: String(external.headers["set-cookie"]).split(";")[0]?.slice("session=".length) ?? "",
      handOverJwt,
    });

    // An order: its tracking socket with the native token, and its invoice opened from a signed link.
    const order = await placeOrderIn(t, cookie);
    await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.trackOrder(order.id, bearer)),
    });
    const link = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.invoiceLink(order.id)),
      headers: { ...DEMO, cookie },
    });
    expect(link.statusCode).toBe(200);
    const invoicePath = new URL(link.json().url).pathname;
    const opened = await t.app.inject({ method: "GET", url: invoicePath });
    expect(opened.statusCode).toBe(200);
    secrets.invoiceToken = invoicePath.slice("/api/invoices/".length);

    const text = logText();
    // The requests were logged, with their secrets replaced.
    for (const evidence of [
      '"url":"/api/customer/auth/login"',
      '"url":"/api/customer/me"',
      '"url":"/api/customer/auth/onde/login/by-token"',
      '"url":"/lv/riga?customerData=[redacted]"',
      `"url":"/api/customer/orders/track?orderID=${order.id}&token=[redacted]"`,
      '"url":"/api/invoices/[redacted]"',
    ])
      expect(text).toContain(evidence);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(4);
      expect(mentions(text, secret), `the logs mention the ${name}`).toBe(false);
    }
  });
});

describe("a failed query in the logs", () => {
  it("names the SQL and PostgreSQL's code but neither the values nor the parameters", async () => {
    const { cookie, phone } = await signInCustomer(t.app);
    // A rule the database alone knows, so the customer's own name makes the query fail.
    await t.database.db.execute(
      sql`ALTER TABLE users ADD CONSTRAINT users_name_refused_in_test CHECK (name NOT LIKE '%Kalniņa%')`,
    );
    const name = "Ilze Bērziņa-Kalniņa";
    const changed = await t.app.inject({
      method: "PATCH",
      url: apiPath(endpoints.customer.update()),
      headers: { ...DEMO, cookie },
      payload: { name, email: "ilze.kalnina@example.com" },
    });
    expect(changed.statusCode).toBe(500);
    expect(changed.body).not.toContain("Kalniņa");

    const text = logText();
    for (const personal of ["Kalniņa", "Bērziņa", "ilze.kalnina@example.com", phone.slice(3)]) {
      expect(text, personal).not.toContain(personal);
    }
    expect(text).not.toContain("params:");
    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.msg === "request failed");
    expect(failure.err).toMatchObject({
      code: "23514",
      constraint: "users_name_refused_in_test",
      query: expect.stringMatching(/^update "users"/),
    });
    expect(failure.err).not.toHaveProperty("params");
  });
});
