import fs from "node:fs";
import path from "node:path";
import { endpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, describe, expect, it, vi } from "vitest";
import { callEndpoint, dishOverMinimum, newCart } from "./cart-helpers.ts";
import { get, signInCustomer } from "./harness.ts";
import { ops } from "./order-helpers.ts";
import { apiPath, opsPath } from "./paths.ts";
import { startPrivatePostgres, startPrivateRedis } from "./private-servers.ts";
import { type Injects, remoteApp } from "./remote-app.ts";
import {
  seededDatabaseFor,
  startServerProcess,
  stopAllServerProcesses,
  tempDataDir,
} from "./server-process.ts";

/**
 * The database or Redis of a deployment of two processes goes away under load and comes back: the
 * processes say they are not ready, recover by themselves, and lose nothing they acknowledged.
 * Each test runs a PostgreSQL server or a Redis of its own, so stopping it disturbs no other test.
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

afterAll(() => stopAllServerProcesses());

const readiness = async (app: Injects) => {
  const answer = await app.inject({ method: "GET", url: "/api/ready" });
  return { status: answer.statusCode, checks: answer.json().checks };
};

/** A signed-in customer with a cart holding one dish, ready to check out. */
async function shopper(app: Injects, dish: { vendorId: number; productId: number }, index: number) {
  const { cookie } = await signInCustomer(app);
  const cart = await newCart(app, cookie);
  const added = await callEndpoint(app, endpoints.carts.addProduct(cart.cartId), cart.cookie, dish);
  expect(added.status).toBe(200);
  return { cookie: cart.cookie, cartId: cart.cartId, key: `outage-${index}-${Date.now()}` };
}

describe.runIf(serverUrl && redisUrl)("outages", () => {
  it("PostgreSQL restarted under load: not ready while it is down, ready again without a restart, no acknowledged order lost", async () => {
    const database = await startPrivatePostgres();
    try {
      const env = {
        DATABASE_URL: database.url,
        DATA_DIR: tempDataDir(),
        REDIS_URL: redisUrl as string,
        TRUST_PROXY: "127.0.0.1",
        SIMULATOR: "false",
      };
      // Two processes on the new database: one migrates and seeds it, the other waits for that.
      const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const apps = [remoteApp(a.url), remoteApp(b.url)] as const;
      const dish = await dishOverMinimum(apps[0]);
      const shoppers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => shopper(apps[i % 2] as Injects, dish, i)),
      );

      // Shoppers check out one after another, each retrying (with its key) until it is answered 2xx.
      const acknowledged = new Map<number, number>();
      const failures: number[] = [];
      let next = 0;
      const checkoutLoop = async (app: Injects) => {
        while (next < shoppers.length) {
          const index = next++;
          const one = shoppers[index] as (typeof shoppers)[number];
          while (true) {
            const answer = await callEndpoint(
              app,
              endpoints.customer.placeOrder(),
              one.cookie,
              { cartId: one.cartId },
              { "idempotency-key": one.key },
            ).catch(() => null);
            if (answer && answer.status < 300) {
              acknowledged.set(index, answer.body.id);
              break;
            }
            failures.push(answer?.status ?? 0);
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      const loops = [checkoutLoop(apps[0]), checkoutLoop(apps[1])];
      await vi.waitFor(() => expect(acknowledged.size).toBeGreaterThan(3), { timeout: 20_000 });

      await database.stop();
      for (const app of apps)
        await vi.waitFor(async () => expect((await readiness(app)).checks.database).toBe("unreachable"), {
          timeout: 10_000,
        });
      await database.start();
      for (const app of apps)
        await vi.waitFor(async () => expect((await readiness(app)).status).toBe(200), { timeout: 10_000 });
      await Promise.all(loops);

      // Both processes lived through it, and the requests of the outage failed as answers, not crashes.
      const stillRunning = (server: typeof a) =>
        Promise.race([server.exited.then(() => false), Promise.resolve(true)]);
      expect(await Promise.all([a, b].map(stillRunning))).toEqual([true, true]);
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.filter((status) => status !== 500 && status !== 503 && status !== 0)).toEqual([]);
      // Every order a shopper was told of is there, once, on either process.
      expect(acknowledged.size).toBe(shoppers.length);
      for (const [index, orderId] of acknowledged) {
        const one = shoppers[index] as (typeof shoppers)[number];
        const history = (
          await callEndpoint(apps[index % 2] as Injects, endpoints.customer.orders(), one.cookie)
        ).body;
        expect(
          [...history.activeOrders, ...history.deliveredOrders].map((o: { id: number }) => o.id),
        ).toEqual([orderId]);
      }
      // A leader was chosen again after the restart (the jobs run on).
      await vi.waitFor(
        () =>
          expect(
            [a, b].map((s) => s.output().split("leading this deployment").length - 1).reduce((x, y) => x + y),
          ).toBeGreaterThan(1),
        { timeout: 10_000 },
      );
    } finally {
      await stopAllServerProcesses();
      await database.remove();
    }
  }, 240_000);

  it("Redis stopped: not ready and said once in the log, the catalogue still answers, tracking across processes recovers when it returns", async () => {
    const redis = await startPrivateRedis();
    const prepared = await seededDatabaseFor(async () => {});
    try {
      const env = { ...prepared.env, REDIS_URL: redis.url, TRUST_PROXY: "127.0.0.1", SIMULATOR: "false" };
      const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      const [onA, onB] = [remoteApp(a.url), remoteApp(b.url)];
      const key = JSON.parse(
        fs.readFileSync(path.join(prepared.env.DATA_DIR as string, "demo-secrets.json"), "utf8"),
      ).opsKeys.dispatch as string;

      await redis.stop();
      for (const app of [onA, onB])
        await vi.waitFor(
          async () =>
            expect(await readiness(app)).toMatchObject({ status: 503, checks: { redis: "unreachable" } }),
          {
            timeout: 10_000,
          },
        );
      await vi.waitFor(() => expect(a.output()).toContain("Redis is unreachable"), { timeout: 10_000 });
      // Degraded, not down: the catalogue is read from the database while invalidations cannot be heard.
      const dish = await dishOverMinimum(onA);
      expect((await get(onB, apiPath(endpoints.vendors.catalogue(dish.vendorId)))).status).toBe(200);

      await redis.start();
      for (const app of [onA, onB])
        await vi.waitFor(async () => expect((await readiness(app)).status).toBe(200), { timeout: 15_000 });
      expect(a.output().match(/Redis is unreachable/g)).toHaveLength(1);
      await vi.waitFor(() => expect(a.output()).toContain("Redis is reachable again"), { timeout: 10_000 });

      // An order placed on A, followed on B, accepted through A's ops API: B's socket hears it.
      const one = await shopper(onA, dish, 0);
      const placed = await callEndpoint(onA, endpoints.customer.placeOrder(), one.cookie, {
        cartId: one.cartId,
      });
      expect(placed.status).toBe(201);
      const { default: WebSocket } = await import("ws");
      const socket = new WebSocket(
        `${b.url.replace("http", "ws")}${apiPath(endpoints.trackOrder(placed.body.id))}`,
        {
          headers: { cookie: one.cookie },
        },
      );
      const statuses: string[] = [];
      socket.on("message", (data) => {
        const message = JSON.parse(String(data));
        if (message.type === "ORDER_STATUS_UPDATE") statuses.push(message.status);
      });
      await vi.waitFor(() => expect(statuses).toEqual(["WAITING_APPROVAL"]));
      // The socket's channel is subscribed on B before the first message is sent.
      expect(
        (await ops(onA, key, "POST", opsPath(opsEndpoints.moveOrder(placed.body.id, "accept")))).status,
      ).toBe(200);
      await vi.waitFor(() => expect(statuses).toEqual(["WAITING_APPROVAL", "APPROVED"]), { timeout: 5_000 });
      socket.terminate();
    } finally {
      await stopAllServerProcesses();
      await redis.stop();
      await prepared.drop();
    }
  }, 180_000);
});
