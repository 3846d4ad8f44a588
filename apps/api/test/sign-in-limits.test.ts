import { PHONE_CODE_MAX_ATTEMPTS } from "@storefront/domain";
import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { outboxMessages } from "../src/db/schema.ts";
import { DEMO, startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";

/** What an attacker guessing sign-in codes meets: limits that hold under parallel requests. */
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

let phoneSeed = 20500100;
const newPhone = () => `371${phoneSeed++}`;
let addressSeed = 1;
/** A fresh network address, as an attacker rotating addresses would have. */
const newAddress = () => `10.77.${Math.floor(addressSeed / 250)}.${(addressSeed++ % 250) + 1}`;

const sendCode = (phone: string, ip = newAddress()) =>
  t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: DEMO,
    remoteAddress: ip,
  });

const login = (phone: string, token: string) =>
  t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers: DEMO,
    payload: { phone, token },
  });

async function latestCode(phone: string): Promise<string> {
  const outbox = (
    await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: `+${phone}` })) })
  ).json();
  return outbox[0].code;
}

/** Uses up the phone's latest code with wrong guesses. */
async function useUpCode(phone: string) {
  const code = await latestCode(phone);
  const wrong = code === "0000" ? "1111" : "0000";
  for (let i = 0; i < PHONE_CODE_MAX_ATTEMPTS; i++) await login(phone, wrong);
}

describe("guessing a code", () => {
  it("evaluates no more than 5 of 20 parallel wrong guesses, and the right code is then refused", async () => {
    const phone = newPhone();
    expect((await sendCode(phone)).statusCode).toBe(200);
    const code = await latestCode(phone);
    const wrong = code === "0000" ? "1111" : "0000";
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(phone, wrong)));
    const types = answers.map((a) => a.json().type);
    expect(types.filter((type) => type === "InvalidConfirmationCodeException")).toHaveLength(5);
    expect(types.filter((type) => type === "PhoneConfirmationAttemptsException")).toHaveLength(15);
    expect((await login(phone, code)).json().type).toBe("PhoneConfirmationAttemptsException");
  });

  it("lets one of 20 parallel right answers sign in", async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await latestCode(phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(phone, code)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });
});

describe("asking for codes", () => {
  it("sends one code to 20 parallel requests for one phone from 20 addresses", async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 20 }, () => sendCode(phone)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.json().type).toBe("PhoneConfirmationTimeLimitException");
      expect(Number(refused.headers["retry-after"])).toBe(60);
    }
    const sent = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, `+${phone}`)));
    expect(sent).toHaveLength(1);
  });

  it("sends 20 codes to 25 parallel requests from one address, then 429 with Retry-After", async () => {
    const address = newAddress();
    const answers = await Promise.all(Array.from({ length: 25 }, () => sendCode(newPhone(), address)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expect(Number(answer.headers["retry-after"])).toBe(3600);
  });

  it("makes a phone wait longer after each code used up by wrong guesses: 5 min, 30 min, 2 h", async () => {
    const phone = newPhone();
    for (const lockout of [5 * 60, 30 * 60, 2 * 60 * 60]) {
      expect((await sendCode(phone)).statusCode).toBe(200);
      await useUpCode(phone);
      advance(61);
      const refused = await sendCode(phone);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ type: "TooManyRequestsException" });
      expect(Number(refused.headers["retry-after"])).toBe(lockout - 61);
      advance(lockout - 61);
    }
    // Signing in ends the lockout.
    expect((await sendCode(phone)).statusCode).toBe(200);
    expect((await login(phone, await latestCode(phone))).statusCode).toBe(200);
    advance(61);
    expect((await sendCode(phone)).statusCode).toBe(200);
  });

  it("sends a phone at most 10 codes a day, from whatever addresses", async () => {
    const phone = newPhone();
    const dayStart = clock.getTime();
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(phone)).statusCode).toBe(200);
        advance(61);
      }
      const hourly = await sendCode(phone);
      expect(hourly.statusCode).toBe(429);
      expect(Number(hourly.headers["retry-after"])).toBeGreaterThan(0);
      advance(3600);
    }
    const daily = await sendCode(phone);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().details).toContainEqual(expect.objectContaining({ field: "phone" }));
    const retryAfter = Number(daily.headers["retry-after"]);
    expect(retryAfter).toBe(Math.ceil((dayStart + 24 * 3600 * 1000 - clock.getTime()) / 1000));
    advance(retryAfter);
    expect((await sendCode(phone)).statusCode).toBe(200);
  });
});

describe("the code's length", () => {
  it("is 4 digits in demo mode and 6 outside it, and the answer says so", async () => {
    const phone = newPhone();
    const demo = await sendCode(phone);
    expect(demo.json().codeLength).toBe(4);
    expect(await latestCode(phone)).toMatch(/^\d{4}$/);

    const production = await buildApp({
      config: {
        ...loadConfig({
          NODE_ENV: "production",
          PUBLIC_URL: "https://shop.example",
          OUTBOX: "true",
          INVOICE_LINK_SECRET: "x".repeat(32),
        }),
        mediaDir: TEST_MEDIA_DIR,
        logLevel: "silent",
      },
      database: t.database,
      now: () => clock,
    });
    try {
      const other = newPhone();
      const sent = await production.inject({
        method: "POST",
        url: apiPath(endpoints.auth.sendPhoneConfirmation(other)),
        headers: DEMO,
        remoteAddress: newAddress(),
      });
      expect(sent.json().codeLength).toBe(6);
      const [message] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, `+${other}`))
        .orderBy(desc(outboxMessages.createdAt));
      expect(message?.code).toMatch(/^\d{6}$/);
      const signedIn = await production.inject({
        method: "POST",
        url: apiPath(endpoints.auth.login()),
        headers: DEMO,
        payload: { phone: other, token: message?.code },
      });
      expect(signedIn.statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});
