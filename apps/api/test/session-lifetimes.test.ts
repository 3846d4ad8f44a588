import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, signInCustomer, startTestApp, type TestApp } from "./harness.ts";

/** How long a stolen or forgotten session cookie opens the account. */
let t: TestApp;
let clock = new Date("2026-11-23T12:00:00Z");
const DAY = 24 * 60 * 60;
const advanceDays = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY * 1000);
};
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());

const me = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/customer/me", headers: { ...DEMO, cookie } })).statusCode;

describe("a session", () => {
  it("used on day 29 lives on to day 58, renewed by its use", async () => {
    const { cookie } = await signInCustomer(t.app);
    advanceDays(29);
    expect(await me(cookie)).toBe(200);
    advanceDays(29);
    expect(await me(cookie)).toBe(200);
  });

  it("dies after 30 days unused", async () => {
    const { cookie } = await signInCustomer(t.app);
    advanceDays(30);
    expect(await me(cookie)).toBe(401);
  });

  it("lives no longer than 180 days however often it is used", async () => {
    const { cookie } = await signInCustomer(t.app);
    for (let day = 20; day < 180; day += 20) {
      advanceDays(20);
      expect(await me(cookie)).toBe(200);
    }
    advanceDays(19);
    expect(await me(cookie)).toBe(200);
    advanceDays(1);
    expect(await me(cookie)).toBe(401);
  });

  it("is given to the browser in a cookie that expires when the session can last no longer", async () => {
    const phone = "37129990001";
    await t.app.inject({
      method: "POST",
      url: `/api/customer/auth/sendPhoneConfirmation?phone=${phone}`,
      headers: DEMO,
      remoteAddress: "10.88.0.1",
    });
    const [sent] = (await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=%2B${phone}` })).json();
    const login = await t.app.inject({
      method: "POST",
      url: "/api/customer/auth/login",
      headers: DEMO,
      payload: { phone, token: sent.code },
    });
    const expires = /Expires=([^;]+)/.exec(String(login.headers["set-cookie"]))?.[1];
    expect(new Date(expires as string).getTime()).toBe(
      Math.floor((clock.getTime() + 180 * DAY * 1000) / 1000) * 1000,
    );
  });

  it("and every other session of the account end when the account is deleted", async () => {
    const phone = "37129990002";
    const signIn = async (address: string) => {
      await t.app.inject({
        method: "POST",
        url: `/api/customer/auth/sendPhoneConfirmation?phone=${phone}`,
        headers: DEMO,
        remoteAddress: address,
      });
      const [sent] = (await t.app.inject({ method: "GET", url: `/api/dev/outbox?to=%2B${phone}` })).json();
      const login = await t.app.inject({
        method: "POST",
        url: "/api/customer/auth/login",
        headers: DEMO,
        payload: { phone, token: sent.code },
      });
      return String(login.headers["set-cookie"]).split(";")[0] as string;
    };
    const phoneCookie = await signIn("10.88.1.1");
    advanceDays(1);
    const laptopCookie = await signIn("10.88.1.2");
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/customer/me",
      headers: { ...DEMO, cookie: laptopCookie },
    });
    expect(deleted.statusCode).toBe(202);
    expect(await me(phoneCookie)).toBe(401);
    expect(await me(laptopCookie)).toBe(401);
    // Signing in again restores the account, but not the old sessions.
    advanceDays(1);
    const back = await signIn("10.88.1.3");
    expect(await me(back)).toBe(200);
    expect(await me(phoneCookie)).toBe(401);
    expect(await me(laptopCookie)).toBe(401);
  });
});
