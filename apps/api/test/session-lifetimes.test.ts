import { devEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, DEMO_SECRETS, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { opsEndpointCall, orderingKit, placeOrder } from "./order-helpers.ts";
import { apiPath, devPath } from "./paths.ts";

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
  (await t.app.inject({ method: "GET", url: apiPath(endpoints.customer.me()), headers: { ...DEMO, cookie } }))
    .statusCode;

/** Signs the phone in from a network address of its own through the code flow; answers the login. */
async function logIn(phone: string, address: string) {
  await t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: DEMO,
    remoteAddress: address,
  });
  const [sent] = (
    await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: `+${phone}` })) })
  ).json();
  return t.app.inject({
    method: "POST",
    url: apiPath(endpoints.auth.login()),
    headers: DEMO,
    payload: { phone, token: sent.code },
  });
}

/** The session cookie of a new sign-in of the phone. */
const signInAs = async (phone: string, address: string) =>
  String((await logIn(phone, address)).headers["set-cookie"]).split(";")[0] as string;

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
    const login = await logIn("37129990001", "10.88.0.1");
    const expires = /Expires=([^;]+)/.exec(String(login.headers["set-cookie"]))?.[1];
    expect(new Date(expires as string).getTime()).toBe(
      Math.floor((clock.getTime() + 180 * DAY * 1000) / 1000) * 1000,
    );
  });

  it("and every other session of the account end when the account is deleted", async () => {
    const phone = "37129990002";
    const signIn = (address: string) => signInAs(phone, address);
    const phoneCookie = await signIn("10.88.1.1");
    advanceDays(1);
    const laptopCookie = await signIn("10.88.1.2");
    const deletion = endpoints.customer.delete();
    const deleted = await t.app.inject({
      method: deletion.method,
      url: apiPath(deletion),
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

describe("a device whose session ended", () => {
  const registerDevice = (cookie: string, token: string) =>
    t.app.inject({
      method: "PUT",
      url: apiPath(endpoints.customer.fcmToken()),
      headers: { ...DEMO, cookie, "x-platform": "android" },
      payload: { token, projectId: "dostavka-demo" },
    });
  const pushesTo = async (token: string) =>
    (await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: token })) })).json().length;

  it("hears nothing more of the customer's orders", async () => {
    const phone = "37129990003";
    const left = await signInAs(phone, "10.88.0.3");
    expect((await registerDevice(left, "device-left-behind")).statusCode).toBe(204);
    advanceDays(31);
    const current = await signInAs(phone, "10.88.0.4");
    expect((await registerDevice(current, "device-in-hand")).statusCode).toBe(204);

    const { restaurant, dishes } = await orderingKit(t);
    const order = await placeOrder(t.app, current, restaurant.id, [{ productId: dishes[0].id }]);
    const accepted = await opsEndpointCall(
      t.app,
      DEMO_SECRETS.opsKeys.dispatch,
      opsEndpoints.moveOrder(order.id, "accept"),
    );
    expect(accepted.status).toBe(200);
    expect(await pushesTo("device-in-hand")).toBe(1);
    expect(await pushesTo("device-left-behind")).toBe(0);
  });
});
