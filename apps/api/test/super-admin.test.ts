import { adminEndpoints, consoleEndpoints, endpoints } from "@storefront/domain/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { customer } from "./order-helpers.ts";
import { adminPath, apiPath, consolePath } from "./paths.ts";
import { findDish, placeOrder } from "./payment-helpers.ts";
import { track } from "./tracking-helpers.ts";

/**
 * The deployment operator suspends a partner with SUPER_ADMIN_KEY, and every door of it closes at
 * the next request, cached or not: its storefront API, its console, and its sockets already open.
 * The deployment's other brand goes on.
 */
const KEY = "super-admin-key-of-this-test-0123456789";
let t: TestApp;
let owner: string;

type Sockets = FastifyInstance & {
  injectWS(
    path: string,
    context: { headers: Record<string, string> },
    options: { onInit: (socket: { on(event: "close", listener: (code: number) => void): void }) => void },
  ): Promise<{ terminate(): void }>;
};

const setStatus = (status: string, authorization = `Bearer ${KEY}`, code = "demo") =>
  t.app.inject({
    method: "PUT",
    url: adminPath(adminEndpoints.partnerStatus(code)),
    headers: { authorization },
    payload: { status },
  });

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z"), superAdminKey: KEY });
  owner = await staffSession(t, "OWNER", "owner@super-admin.example");
});
afterAll(() => t.close());

describe("suspension by the super-admin", () => {
  it("is refused without the key, with a wrong one, and for an unknown partner", async () => {
    expect((await setStatus("SUSPENDED", "")).statusCode).toBe(401);
    expect((await setStatus("SUSPENDED", "Bearer not-the-key")).statusCode).toBe(401);
    expect((await setStatus("SUSPENDED", `Bearer ${KEY}`, "nobody")).statusCode).toBe(404);
    expect((await setStatus("PAUSED")).statusCode).toBe(400);
    expect((await get(t.app, apiPath(endpoints.localities.list()))).status).toBe(200);
  });

  it("closes the storefront, the console and the open sockets at once, and opens them again", async () => {
    const { session } = await customer(t);
    const order = await placeOrder(t.app, session, await findDish(t.app));
    const tracker = await track(t.app, order.id, { cookie: session });
    await tracker.next((m) => m.type === "ORDER_STATUS_UPDATE");
    let boardClosed: (code: number) => void = () => {};
    const boardCode = new Promise<number>((resolve) => {
      boardClosed = resolve;
    });
    await (t.app as Sockets).injectWS(
      consolePath(consoleEndpoints.live()),
      { headers: { cookie: owner } },
      { onInit: (ws) => ws.on("close", (code) => boardClosed(code)) },
    );
    // Read just before, so cached: the suspension must not wait for the caches to expire.
    expect((await get(t.app, apiPath(endpoints.localities.params("riga")))).status).toBe(200);
    expect((await consoleEndpointCall(t, owner, consoleEndpoints.me())).status).toBe(200);

    const suspended = await setStatus("SUSPENDED");
    expect(suspended.statusCode, suspended.body).toBe(200);
    const params = await get(t.app, apiPath(endpoints.localities.params("riga")));
    expect(params.status).toBe(423);
    expect(params.body).toMatchObject({ errorCode: "partner_suspended" });
    expect((await callEndpoint(t.app, endpoints.customer.me(), session)).status).toBe(423);
    expect((await consoleEndpointCall(t, owner, consoleEndpoints.me())).status).toBe(423);
    expect(await tracker.closed).toBe(4423);
    expect(await boardCode).toBe(4423);
    // The deployment's other brand is not touched.
    expect(
      (await get(t.app, apiPath(endpoints.localities.list()), { "X-Partner-Code": "verde" })).status,
    ).toBe(200);

    expect((await setStatus("ACTIVE")).statusCode).toBe(200);
    expect((await get(t.app, apiPath(endpoints.localities.params("riga")))).status).toBe(200);
    expect((await consoleEndpointCall(t, owner, consoleEndpoints.me())).status).toBe(200);
  });
});

describe("a partner's push account in a deployment without PAYMENT_KEYS_SECRET", () => {
  it("keeps the demo's pushes in the outbox and keeps no partner's key", async () => {
    const call = (method: "GET" | "PUT", body?: object) => {
      const endpoint = adminEndpoints.partnerPush("verde", method);
      return t.app.inject({
        method: endpoint.method,
        url: adminPath(endpoint),
        headers: { authorization: `Bearer ${KEY}` },
        ...(body ? { payload: body } : {}),
      });
    };
    expect((await call("GET")).json()).toEqual({
      code: "verde",
      account: "deployment",
      sender: "outbox",
      projectId: null,
      clientEmail: null,
      devices: [],
    });
    const refused = await call("PUT", { serviceAccount: '{"project_id": "verde-app"}' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe("NO_KEYS_SECRET");
  });
});

describe("a deployment without SUPER_ADMIN_KEY", () => {
  it("has no super-admin calls at all", async () => {
    const plain = await startTestApp();
    try {
      const partnerStatus = adminEndpoints.partnerStatus("demo");
      const answer = await plain.app.inject({
        method: partnerStatus.method,
        url: adminPath(partnerStatus),
        headers: { authorization: "Bearer anything" },
        payload: { status: "SUSPENDED" },
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
