import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { signInCustomer, startTestApp, type TestApp } from "./harness.ts";

const SHOP = "https://shop.example";

let t: TestApp;
let base: string;
let session: string;
let orderId: number;

beforeAll(async () => {
  t = await startTestApp({ now: NOW, publicUrl: SHOP });
  // A real socket over the network, as a browser opens it.
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  session = (await signInCustomer(t.app)).cookie;
  orderId = (await placeOrderIn(t, session)).id;
});
afterAll(() => t.close());

/** Opens the order's tracking socket: the first message, or the status the upgrade was refused with. */
function connect(
  headers: Record<string, string>,
): Promise<{ opened: true; first: string } | { opened: false; status: number }> {
  return new Promise((resolve, reject) => {
    const { origin, ...rest } = headers;
    const socket = new WebSocket(`${base}/api/customer/orders/track?orderID=${orderId}`, {
      headers: { cookie: session, ...rest },
      ...(origin ? { origin } : {}),
    });
    socket.once("message", (data) => {
      resolve({ opened: true, first: data.toString() });
      socket.close();
    });
    socket.once("unexpected-response", (_request, response) => {
      resolve({ opened: false, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

describe("the tracking socket's Origin", () => {
  it.each([SHOP, "capacitor://localhost", "https://localhost", "http://localhost"])(
    "opens from %s",
    async (origin) => {
      const answer = await connect({ origin });
      expect(answer.opened).toBe(true);
    },
  );

  it("opens for a client that sends no Origin (the native app, a server)", async () => {
    expect((await connect({})).opened).toBe(true);
  });

  it.each(["https://evil.example", "http://shop.example", "https://shop.example.evil.example", "null"])(
    "refuses %s before the upgrade",
    async (origin) => {
      expect(await connect({ origin })).toEqual({ opened: false, status: 403 });
    },
  );

  it("refuses a page whose Origin only matches the Host it names", async () => {
    expect(await connect({ origin: "https://evil.example", host: "evil.example" })).toEqual({
      opened: false,
      status: 403,
    });
  });
});
