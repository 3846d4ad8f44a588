import { devEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { DEMO, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, devPath } from "./paths.ts";
import { opens, track } from "./tracking-helpers.ts";

// The tracking socket keeps what it learnt of a session and an order for a few seconds, so a
// customer's sockets do not each read the database. Whatever it keeps, a session that ended
// opens no new socket, however recently it opened one.
let t: TestApp;
let clock = NOW;
const advanceDays = (days: number) => {
  clock = new Date(clock.getTime() + days * 24 * 60 * 60 * 1000);
};
beforeAll(async () => {
  t = await startTestApp({ clock: () => clock });
});
afterAll(() => t.close());
// Each case starts on a Monday afternoon, when the restaurants take orders.
beforeEach(() => {
  clock = NOW;
});

/** A new customer with an order: their cookie, session token, phone and the order's id. */
async function customerWithOrder() {
  const { cookie, phone } = await signInCustomer(t.app);
  const order = await placeOrderIn(t, cookie);
  return { cookie, token: cookie.slice("session=".length), phone, orderId: order.id as number };
}

const refusal = (orderId: number, session: { cookie: string } | { token: string }) =>
  track(t.app, orderId, session).then(
    () => "opened",
    (error: Error) => error.message,
  );

describe("a tracking socket after its session ended", () => {
  it("is refused to a cookie that signed out, though it had just opened one", async () => {
    const { cookie, token, orderId } = await customerWithOrder();
    expect(await opens(t.app, orderId, { cookie })).toBe(true);
    expect(await opens(t.app, orderId, { token })).toBe(true);
    const signOut = await t.app.inject({
      method: endpoints.auth.logout().method,
      url: apiPath(endpoints.auth.logout()),
      headers: { ...DEMO, cookie },
    });
    expect(signOut.statusCode).toBe(204);
    expect(await refusal(orderId, { cookie })).toMatch(/404/);
    expect(await refusal(orderId, { token })).toMatch(/404/);
  });

  it("is refused to every session of an account deleted since", async () => {
    const { cookie, phone, orderId } = await customerWithOrder();
    const other = await signInAgain(phone);
    expect(await opens(t.app, orderId, { cookie })).toBe(true);
    expect(await opens(t.app, orderId, { cookie: other })).toBe(true);
    const deleted = await t.app.inject({
      method: endpoints.customer.delete().method,
      url: apiPath(endpoints.customer.delete()),
      headers: { ...DEMO, cookie },
    });
    expect(deleted.statusCode).toBe(202);
    expect(await refusal(orderId, { cookie })).toMatch(/404/);
    expect(await refusal(orderId, { cookie: other })).toMatch(/404/);
  });

  it("is refused once the session went 30 days unused, and opened while it is renewed elsewhere", async () => {
    const idle = await customerWithOrder();
    const renewed = await customerWithOrder();
    expect(await opens(t.app, idle.orderId, { cookie: idle.cookie })).toBe(true);
    expect(await opens(t.app, renewed.orderId, { cookie: renewed.cookie })).toBe(true);
    advanceDays(29);
    const me = await t.app.inject({
      method: endpoints.customer.me().method,
      url: apiPath(endpoints.customer.me()),
      headers: { ...DEMO, cookie: renewed.cookie },
    });
    expect(me.statusCode).toBe(200);
    advanceDays(2);
    expect(await refusal(idle.orderId, { cookie: idle.cookie })).toMatch(/404/);
    expect(await opens(t.app, renewed.orderId, { cookie: renewed.cookie })).toBe(true);
  });

  it("is refused once the session is 180 days old, however often it was used", async () => {
    const { cookie, orderId } = await customerWithOrder();
    for (let day = 20; day < 180; day += 20) {
      advanceDays(20);
      const me = await t.app.inject({
        method: "GET",
        url: apiPath(endpoints.customer.me()),
        headers: { ...DEMO, cookie },
      });
      expect(me.statusCode).toBe(200);
    }
    advanceDays(19);
    expect(await opens(t.app, orderId, { cookie })).toBe(true);
    advanceDays(1);
    expect(await refusal(orderId, { cookie })).toMatch(/404/);
  });
});

describe("a tracking socket of an order", () => {
  it("is refused to another customer while the owner tracks it", async () => {
    const owner = await customerWithOrder();
    const stranger = await signInCustomer(t.app);
    const tracker = await track(t.app, owner.orderId, { cookie: owner.cookie });
    await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    expect(await refusal(owner.orderId, { cookie: stranger.cookie })).toMatch(/404/);
    tracker.socket.terminate();
  });

  it("opens for an order placed after someone asked for its number", async () => {
    const { cookie, orderId } = await customerWithOrder();
    expect(await refusal(orderId + 1, { cookie })).toMatch(/404/);
    const next = await placeOrderIn(t, cookie);
    expect(next.id).toBe(orderId + 1);
    expect(await opens(t.app, next.id, { cookie })).toBe(true);
  });
});

/** Another session of the same phone, signed in through the code flow from an address of its own. */
async function signInAgain(phone: string): Promise<string> {
  // Past the wait before a phone may be sent another code.
  clock = new Date(clock.getTime() + 5 * 60 * 1000);
  await t.app.inject({
    method: endpoints.auth.sendPhoneConfirmation(phone).method,
    url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
    headers: DEMO,
    remoteAddress: "10.77.0.1",
  });
  const sent = (
    await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: `+${phone}` })) })
  ).json();
  const login = await t.app.inject({
    method: endpoints.auth.login().method,
    url: apiPath(endpoints.auth.login()),
    headers: DEMO,
    payload: { phone, token: sent[0].code },
  });
  return String(login.headers["set-cookie"]).split(";")[0] as string;
}
