import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteDueAccounts } from "../src/accounts/users.ts";
import { users } from "../src/db/schema.ts";
import { DEMO, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";

let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

let phoneSeed = 20000100;
/** A fresh valid Latvian mobile number per test. */
const newPhone = () => `371${phoneSeed++}`;

/** Each phone asks from an address of its own unless a test says otherwise (the per-address limit). */
async function sendCode(
  phone: string,
  ip = `10.1.${Math.floor(Number(phone.slice(-4)) / 250)}.${Number(phone.slice(-4)) % 250}`,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: { ...DEMO, ...headers },
    remoteAddress: ip,
  });
}

async function latestMessage(phone: string): Promise<{ text: string; code: string }> {
  const outbox = (await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox()) })).json();
  return outbox.find((m: { to: string }) => m.to === `+${phone}`);
}

async function latestCode(phone: string): Promise<string> {
  return (await latestMessage(phone)).code;
}

async function login(phone: string, token: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers: { ...DEMO, ...headers },
    payload: { phone, token },
  });
}

/** Signs a new customer in; returns the session cookie header. */
async function signIn(phone = newPhone()): Promise<{ cookie: string; phone: string }> {
  await sendCode(phone);
  const response = await login(phone, await latestCode(phone));
  expect(response.statusCode).toBe(200);
  const setCookie = String(response.headers["set-cookie"]);
  return { cookie: setCookie.split(";")[0] as string, phone };
}

describe("phone sign-in", () => {
  it("sends a code by SMS to the outbox and signs in with it", async () => {
    const phone = newPhone();
    const sent = await sendCode(`+${phone.slice(0, 3)} ${phone.slice(3)}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 300, codeLength: 4 });
    const outbox = (await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox()) })).json();
    expect(outbox[0]).toMatchObject({
      channel: "SMS",
      to: `+${phone}`,
      code: expect.stringMatching(/^\d{4}$/),
    });
    expect(outbox[0].text).toContain(outbox[0].code);

    const response = await login(phone, outbox[0].code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { phone, name: null, status: "ACTIVE" } });
    expect(response.json().token).toBeUndefined();
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/^session=[\w-]{40,};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  });

  it("writes the SMS in the customer's interface language, else the language of the phone's city, naming the platform", async () => {
    const arabicReader = newPhone();
    await sendCode(arabicReader, "10.9.0.1", { "accept-language": "ar" });
    const arabic = await latestMessage(arabicReader);
    expect(arabic.text).toBe(`${arabic.code} هو رمز الدخول إلى Dostavka. لا تشاركه مع أي شخص.`);

    // A client that names no language: a Baghdad number hears Arabic, a Riga one Latvian.
    const baghdad = "9647701234567";
    await sendCode(baghdad, "10.9.0.2");
    expect((await latestMessage(baghdad)).text).toMatch(/^\d{4} هو رمز الدخول إلى Dostavka\./);
    const riga = newPhone();
    await sendCode(riga, "10.9.0.3");
    expect((await latestMessage(riga)).text).toMatch(/^\d{4} ir jūsu Dostavka kods\./);
  });

  it("gives a native app the token to send as a bearer", async () => {
    const phone = newPhone();
    await sendCode(phone);
    const response = await login(phone, await latestCode(phone), { "x-platform": "ios" });
    const { token } = response.json();
    expect(token).toMatch(/^[\w-]{40,}$/);
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ phone });
  });

  it("answers a resend within 60 seconds with PhoneConfirmationTimeLimitException", async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    advance(30);
    const again = await sendCode(phone);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ type: "PhoneConfirmationTimeLimitException" });
    advance(31);
    expect((await sendCode(phone)).statusCode).toBe(200);
  });

  it("answers 429 when one phone asks too often within an hour", async () => {
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(phone)).statusCode).toBe(200);
      advance(61);
    }
    const sixth = await sendCode(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ status: 429, type: "TooManyRequestsException" });
  });

  it("answers 429 when one address asks for too many phones", async () => {
    for (let i = 0; i < 20; i++) expect((await sendCode(newPhone(), "10.9.9.9")).statusCode).toBe(200);
    expect((await sendCode(newPhone(), "10.9.9.9")).statusCode).toBe(429);
    expect((await sendCode(newPhone(), "10.9.9.10")).statusCode).toBe(200);
  });

  it("counts a sender changing its IPv6 address within its /64 as one address", async () => {
    for (let i = 1; i <= 20; i++)
      expect((await sendCode(newPhone(), `2001:db8:9:9::${i.toString(16)}`)).statusCode).toBe(200);
    expect((await sendCode(newPhone(), "2001:db8:9:9:ffff:1:2:3")).statusCode).toBe(429);
    expect((await sendCode(newPhone(), "2001:db8:9:a::1")).statusCode).toBe(200);
  });

  it("counts wrong codes and uses the code up after five", async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await latestCode(phone);
    const wrong = code === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++) {
      const response = await login(phone, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().type).toBe("InvalidConfirmationCodeException");
    }
    const used = await login(phone, code);
    expect(used.json()).toMatchObject({
      type: "PhoneConfirmationAttemptsException",
      message: expect.stringContaining("Attempts used up"),
    });
  });

  it("refuses an expired code and a code used twice", async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await latestCode(phone);
    advance(301);
    expect((await login(phone, code)).json().type).toBe("PhoneConfirmationExpiredException");

    advance(61);
    await sendCode(phone);
    const fresh = await latestCode(phone);
    expect((await login(phone, fresh)).statusCode).toBe(200);
    expect((await login(phone, fresh)).json().type).toBe("PhoneConfirmationNotFoundException");
  });

  it("refuses numbers that are not phone numbers, naming the field", async () => {
    for (const phone of ["123", "abc", "+371 1234"]) {
      const response = await sendCode(phone);
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toContainEqual(expect.objectContaining({ field: "phone" }));
    }
    const badCode = await login(newPhone(), "12ab");
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().details).toContainEqual(expect.objectContaining({ field: "token" }));
  });

  it("keeps sessions in the database, so they survive a restart", async () => {
    const { cookie } = await signIn();
    // A second app on the same database stands for the restarted server.
    const { buildApp } = await import("../src/app.ts");
    const restarted = await buildApp({
      config: { mediaDir: "/tmp", logLevel: "silent", devRoutes: true },
      database: t.database,
      now: () => clock,
    });
    const me = await restarted.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie },
    });
    expect(me.statusCode).toBe(200);
    await restarted.close();
  });
});

describe("the customer", () => {
  it("reads and changes the profile", async () => {
    const { cookie, phone } = await signIn();
    const changed = await t.app.inject({
      method: "PATCH",
      url: apiPath(endpoints.customer.update()),
      headers: { ...DEMO, cookie },
      payload: {
        name: "Anna Bērziņa",
        email: "Anna@Example.LV",
        birthDate: "1992-04-21",
        healthyLifestyle: true,
        lang: "lv",
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      phone,
      name: "Anna Bērziņa",
      email: "anna@example.lv",
      birthDate: "1992-04-21",
      healthyLifestyle: true,
      lang: "lv",
    });
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie },
    });
    expect(me.json().name).toBe("Anna Bērziņa");
    expect(me.headers["cache-control"]).toBe("private, no-store");
  });

  it("answers the profile as it is to a change that names nothing", async () => {
    const { cookie, phone } = await signIn();
    const answer = await t.app.inject({
      method: "PATCH",
      url: apiPath(endpoints.customer.update()),
      headers: { ...DEMO, cookie },
      payload: {},
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ phone, name: null, healthyLifestyle: false });
  });

  it.each([
    [{ email: "not-an-email" }, "email"],
    [{ birthDate: "2099-01-01" }, "birthDate"],
    [{ birthDate: "1990-02-30" }, "birthDate"],
    [{ name: "   " }, "name"],
    [{ lang: "de" }, "lang"],
    [{ healthyLifestyle: "yes" }, "healthyLifestyle"],
    [{ phone: "37100000000" }, "body"],
  ])("refuses %j naming %s", async (payload, field) => {
    const { cookie } = await signIn();
    const response = await t.app.inject({
      method: "PATCH",
      url: apiPath(endpoints.customer.update()),
      headers: { ...DEMO, cookie },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("answers 401 without a session, with a forged one, and after sign-out", async () => {
    expect(
      (await t.app.inject({ method: "GET", url: apiPath(endpoints.customer.me()), headers: DEMO }))
        .statusCode,
    ).toBe(401);
    const forged = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie: "session=forged" },
    });
    expect(forged.json()).toMatchObject({ status: 401, type: "UnauthorizedException" });
    const { cookie } = await signIn();
    const out = await t.app.inject({
      method: "POST",
      url: apiPath(endpoints.auth.logout()),
      headers: { ...DEMO, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/^session=;/);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: apiPath(endpoints.customer.me()),
          headers: { ...DEMO, cookie },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("keeps a session to the partner that opened it", async () => {
    const { cookie } = await signIn();
    const [demo] = await t.database.db
      .select()
      .from((await import("../src/db/schema.ts")).partners)
      .limit(1);
    const { partners } = await import("../src/db/schema.ts");
    await t.database.db.insert(partners).values({ ...demo!, id: undefined, code: "second", name: "Second" });
    const other = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { "x-partner-code": "second", cookie },
    });
    expect(other.statusCode).toBe(401);
  });

  it("deletes the account in 30 days unless its owner signs in again", async () => {
    const first = await signIn();
    const deleted = await t.app.inject({
      method: "DELETE",
      url: apiPath(endpoints.customer.delete()),
      headers: { ...DEMO, cookie: first.cookie },
    });
    expect(deleted.statusCode).toBe(202);
    const due = new Date(deleted.json().deletionDueAt);
    expect(due.getTime() - clock.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: apiPath(endpoints.customer.me()),
          headers: { ...DEMO, cookie: first.cookie },
        })
      ).statusCode,
    ).toBe(401);

    // Signing in again within the 30 days cancels the deletion.
    advance(61);
    const back = await signIn(first.phone);
    const me = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie: back.cookie },
    });
    expect(me.json()).toMatchObject({ status: "ACTIVE" });
    expect(await deleteDueAccounts(t.database.db, new Date(due.getTime() + 1000))).toBe(0);

    // Left alone, the scheduled job deletes it once due.
    await t.app.inject({
      method: "DELETE",
      url: apiPath(endpoints.customer.delete()),
      headers: { ...DEMO, cookie: back.cookie },
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.phone, first.phone));
    expect(await deleteDueAccounts(t.database.db, new Date(row!.deletionDueAt!.getTime() - 1000))).toBe(0);
    expect(await deleteDueAccounts(t.database.db, new Date(row!.deletionDueAt!.getTime() + 1000))).toBe(1);
    expect(await t.database.db.select().from(users).where(eq(users.phone, first.phone))).toEqual([]);
  });

  it("registers the device's push token on the session", async () => {
    const { cookie } = await signIn();
    const response = await t.app.inject({
      method: "PUT",
      url: apiPath(endpoints.customer.fcmToken()),
      headers: { ...DEMO, cookie, "x-platform": "android" },
      payload: { token: "fcm-token-value", projectId: "dostavka-demo" },
    });
    expect(response.statusCode).toBe(204);
  });
});
