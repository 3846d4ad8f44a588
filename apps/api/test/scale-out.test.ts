import fs from "node:fs";
import path from "node:path";
import { consoleEndpoints, endpoints, opsEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { hashPassword } from "../src/console/passwords.ts";
import { createStaffMember } from "../src/console/staff-repository.ts";
import { partners } from "../src/db/schema.ts";
import { callEndpoint, dishOverMinimum, newCart } from "./cart-helpers.ts";
import { STAFF_PASSWORD } from "./console-helpers.ts";
import { get, signInCustomer } from "./harness.ts";
import { ops } from "./order-helpers.ts";
import { apiPath, consolePath, opsPath } from "./paths.ts";
import { type Injects, remoteApp } from "./remote-app.ts";
import {
  channelPrefixOf,
  runCommand,
  type ServerProcess,
  seededDatabaseFor,
  startServerProcess,
  stopAllServerProcesses,
  tempDataDir,
} from "./server-process.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * A deployment of several processes on one PostgreSQL server and one Redis, as behind a load
 * balancer: real server processes, stopped by PID. They need both servers, so they run in the
 * suite's PostgreSQL run (CI runs it with DATABASE_URL and REDIS_URL).
 */
const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const deployment = describe.runIf(serverUrl && redisUrl);

/** A console member whose password the bursts below guess. */
const GUESSED_STAFF = "guessed@scale.example";

/** What every process of these deployments is started with: demo mode, a fast simulator. */
const processEnv = () => ({
  REDIS_URL: redisUrl as string,
  // The test speaks to the processes as a load balancer on the loopback would, naming the visitor.
  TRUST_PROXY: "127.0.0.1",
  SIMULATION_SPEED: "600",
});

const leads = (server: ServerProcess) => server.output().includes("leading this deployment");

/**
 * An order of the customer's that waits: paid by card and not paid yet, the simulator leaves it and
 * its tracking socket stays open.
 */
async function waitingOrder(app: Injects, cookie: string): Promise<number> {
  const dish = await dishOverMinimum(app);
  const cart = await newCart(app, cookie);
  await callEndpoint(app, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
    vendorId: dish.vendorId,
    productId: dish.productId,
  });
  await callEndpoint(app, endpoints.carts.update(cart.cartId), cart.cookie, { paymentType: "ONLINE" });
  const placed = await callEndpoint(app, endpoints.customer.placeOrder(), cart.cookie, {
    cartId: cart.cartId,
  });
  expect(placed.body.status).toBe("CREATED");
  return placed.body.id;
}

/** Follows an order's tracking socket on a process: every message, and the close code. */
function trackOn(server: ServerProcess, orderId: number, cookie: string) {
  const socket = new WebSocket(
    `${server.url.replace("http", "ws")}${apiPath(endpoints.trackOrder(orderId))}`,
    { headers: { cookie } },
  );
  const messages: Array<Record<string, unknown>> = [];
  socket.on("message", (data) => {
    const text = String(data);
    if (text !== "pong") messages.push(JSON.parse(text));
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
  return { socket, messages, opened, closed };
}

deployment("two processes behind one address", () => {
  let drop = async () => {};
  let dataDir = "";
  let a: ServerProcess;
  let b: ServerProcess;
  let onA: Injects;
  let onB: Injects;
  let dispatchKey = "";
  let env: Record<string, string> = {};

  beforeAll(async () => {
    const prepared = await seededDatabaseFor(async (database) => {
      const [demo] = await database.db
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.code, "demo"));
      await createStaffMember(database.db, {
        partnerId: (demo as { id: number }).id,
        email: GUESSED_STAFF,
        name: "Guessed",
        role: "MANAGER",
        passwordHash: await hashPassword(STAFF_PASSWORD),
      });
    });
    drop = prepared.drop;
    dataDir = prepared.env.DATA_DIR as string;
    // They host the storefront too: its pages kept for anonymous visitors are dropped on every process.
    env = { ...prepared.env, ...processEnv(), WEB_BUILD_DIR: await ensureWebBuild() };
    // Started together, as a deployment's processes are: they share the data folder (media, demo secrets).
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    onA = remoteApp(a.url);
    onB = remoteApp(b.url);
    dispatchKey = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-secrets.json"), "utf8")).opsKeys
      .dispatch;
  }, 120_000);
  afterAll(async () => {
    await stopAllServerProcesses();
    await drop();
  });

  it("both are ready, and exactly one leads (runs the simulator and the scheduled jobs)", async () => {
    for (const app of [onA, onB]) {
      const ready = await app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: "ready",
        draining: false,
        checks: { database: "ok", redis: "ok" },
      });
    }
    await vi.waitFor(() => expect([a, b].filter(leads)).toHaveLength(1), { timeout: 10_000 });
  });

  it("a customer signed in on one process is signed in on the other, and signed out on both at once", async () => {
    const { cookie } = await signInCustomer(onA);
    const headers = { "x-partner-code": "demo", cookie };
    expect(
      (await onB.inject({ method: "GET", url: apiPath(endpoints.customer.me()), headers })).statusCode,
    ).toBe(200);
    const orderId = await waitingOrder(onA, cookie);
    // A follows the order, and so keeps the session for a few seconds.
    const before = trackOn(a, orderId, cookie);
    await before.opened;
    before.socket.terminate();

    const out = await onB.inject({ method: "POST", url: apiPath(endpoints.auth.logout()), headers });
    expect(out.statusCode).toBe(204);
    expect(
      (await onA.inject({ method: "GET", url: apiPath(endpoints.customer.me()), headers })).statusCode,
    ).toBe(401);
    // Nor may the signed-out session follow the order on A (A heard of the sign-out through Redis).
    await vi.waitFor(
      async () =>
        expect(await trackOn(a, orderId, cookie).opened.catch((e: Error) => e.message)).toMatch(/404/),
      {
        timeout: 2_000,
      },
    );
  });

  it("a cart changed on one process is the cart the other reads", async () => {
    const dish = await dishOverMinimum(onA);
    const { cartId, cookie } = await newCart(onA);
    const added = await callEndpoint(onA, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: dish.vendorId,
      productId: dish.productId,
      count: 2,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const read = await callEndpoint(onB, endpoints.carts.get(cartId), cookie);
    expect(read.status).toBe(200);
    const items = read.body.cart.vendorCarts.flatMap(
      (v: { items: Array<{ productId: number; count: number }> }) => v.items,
    );
    expect(items).toEqual([expect.objectContaining({ productId: dish.productId, count: 2 })]);
  });

  /** A product's new price, set through the ops API on process A. */
  async function changePriceOnA(productId: number, price: number) {
    const changed = await ops(onA, dispatchKey, "PATCH", opsPath(opsEndpoints.changeProduct(productId)), {
      price,
      discountPrice: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  }

  it("a price changed through the ops API on one process is the price the other shows, in its menu and carts", async () => {
    const dish = await dishOverMinimum(onB);
    const priceOnB = async () =>
      (await get(onB, apiPath(endpoints.vendors.catalogue(dish.vendorId)))).body.sections
        .flatMap((s: { products: Array<{ id: number; price: number }> }) => s.products)
        .find((p: { id: number }) => p.id === dish.productId)?.price;
    const { cartId, cookie } = await newCart(onB);
    await callEndpoint(onB, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: dish.vendorId,
      productId: dish.productId,
    });
    const cartPriceOnB = async () =>
      (await callEndpoint(onB, endpoints.carts.get(cartId), cookie)).body.cart.vendorCarts[0].items[0]
        .totalPrice;
    // B has read (and keeps) the menu, and the rows of the cart's vendor, before the change.
    expect(await priceOnB()).toBe(dish.price);
    expect(await cartPriceOnB()).toBe(dish.price);
    const newPrice = dish.price + 3;
    await changePriceOnA(dish.productId, newPrice);
    // The change reaches B through Redis within milliseconds of A's answer.
    await vi.waitFor(async () => expect(await priceOnB()).toBe(newPrice), { timeout: 2_000 });
    expect(await cartPriceOnB()).toBe(newPrice);
  });

  it("a price changed on one process is on the next anonymous view of the other's kept storefront page", async () => {
    const dish = await dishOverMinimum(onA);
    const pageOnB = async () => {
      const answer = await fetch(`${b.url}/en/riga/vendor/${dish.vendorId}`, {
        headers: { cookie: "locale=en" },
      });
      return { kept: answer.headers.get("x-page-cache") === "hit", text: await answer.text() };
    };
    const newPrice = dish.price + 2.25;
    // Kept once rendered, for its minute: asked again until B answers from what it keeps (a render
    // across the minute's turn is kept for the minute that began, not the one after).
    const before = await vi.waitFor(
      async () => {
        const view = await pageOnB();
        expect(view.kept).toBe(true);
        return view;
      },
      { timeout: 5_000 },
    );
    expect(before.text).not.toContain(`€${newPrice.toFixed(2)}`);
    await changePriceOnA(dish.productId, newPrice);
    // B drops the page when A's change reaches it through Redis, within milliseconds of A's answer.
    await vi.waitFor(async () => expect((await pageOnB()).text).toContain(`€${newPrice.toFixed(2)}`), {
      timeout: 2_000,
    });
  });

  it("a host recorded or removed with `npm run partner-hosts` is served or refused by both processes at once", async () => {
    const host = "verde-new.scale.example";
    const statusOn = async (server: ServerProcess) =>
      (await fetch(`${server.url}/en/lisboa`, { headers: { "x-forwarded-host": host } })).status;
    const partnerHosts = (...args: string[]) =>
      runCommand("apps/api/src/cli/partner-hosts.ts", args, {
        ...env,
        REDIS_CHANNEL_PREFIX: channelPrefixOf(env),
      });
    // Both have read the hosts just now, and would keep them for ten seconds.
    expect([await statusOn(a), await statusOn(b)]).toEqual([404, 404]);
    expect(await partnerHosts("add", "--partner", "verde", "--host", host)).toContain(
      `${host} now serves verde (every running process sees it now)`,
    );
    await vi.waitFor(async () => expect([await statusOn(a), await statusOn(b)]).toEqual([200, 200]), {
      timeout: 2_000,
    });
    expect(await partnerHosts("remove", "--host", host)).toContain(`${host} removed`);
    await vi.waitFor(async () => expect([await statusOn(a), await statusOn(b)]).toEqual([404, 404]), {
      timeout: 2_000,
    });
  });

  it("the sign-in code limit holds across both processes", async () => {
    const phone = "37129990001";
    const ask = (app: Injects) =>
      app.inject({
        method: "POST",
        url: apiPath(endpoints.auth.sendPhoneConfirmation(phone)),
        headers: { "x-partner-code": "demo" },
        remoteAddress: "10.99.0.1",
      });
    expect((await ask(onA)).statusCode).toBe(200);
    const again = await ask(onB);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/new code can be sent in/);
  });

  it("a burst of console sign-ins split across both processes gets the checks one process would give, no more", async () => {
    const attempt = (index: number, password: string, address = `10.98.0.${index + 1}`) =>
      (index % 2 === 0 ? onA : onB).inject({
        method: "POST",
        url: consolePath(consoleEndpoints.signIn()),
        payload: { email: GUESSED_STAFF, password },
        remoteAddress: address,
      });
    const statuses = (answers: Array<{ statusCode: number }>) =>
      answers.map((answer) => answer.statusCode).sort((x, y) => x - y);
    // Sixteen wrong passwords at once: five are checked, the rest wait.
    const wrong = await Promise.all(Array.from({ length: 16 }, (_, i) => attempt(i, `guess ${i}`)));
    expect(statuses(wrong)).toEqual([...Array(5).fill(401), ...Array(11).fill(429)]);
    // Then fifteen wrong and the right one at once: none is checked, none signs in.
    const passwords = [...Array.from({ length: 15 }, (_, i) => `again ${i}`), STAFF_PASSWORD];
    const withRight = await Promise.all(passwords.map((password, i) => attempt(i, password)));
    expect(statuses(withRight)).toEqual(Array(16).fill(429));
    // One address spraying thirty e-mails across both: twenty are checked.
    const sprayed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? onA : onB).inject({
          method: "POST",
          url: consolePath(consoleEndpoints.signIn()),
          payload: { email: `sprayed-${i}@scale.example`, password: "Summer2026!" },
          remoteAddress: "10.98.1.1",
        }),
      ),
    );
    expect(statuses(sprayed)).toEqual([...Array(20).fill(401), ...Array(10).fill(429)]);
  });

  it("an order placed on one process and tracked on the other gets every status and courier update, each status once", async () => {
    const { cookie } = await signInCustomer(onA);
    const dish = await dishOverMinimum(onA);
    const cart = await newCart(onA, cookie);
    await callEndpoint(onA, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
      vendorId: dish.vendorId,
      productId: dish.productId,
    });
    const placed = await callEndpoint(onA, endpoints.customer.placeOrder(), cart.cookie, {
      cartId: cart.cartId,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.id as number;

    const tracker = trackOn(b, orderId, cookie);
    await tracker.opened;
    // The simulator (on whichever process leads) takes the order to its end; the socket then closes normally.
    expect(await tracker.closed).toBe(1000);

    const order = (await callEndpoint(onA, endpoints.customer.order(orderId), cookie)).body;
    const history = order.statusHistory.map((s: { status: string }) => s.status);
    expect(new Set(history).size).toBe(history.length);
    expect(history).toContain("ON_DELIVERY");
    expect(history.at(-1)).toBe("COMPLETED");
    const told = tracker.messages.filter((m) => m.type === "ORDER_STATUS_UPDATE").map((m) => m.status);
    // The first message is the status when the socket opened; every later one came as it happened.
    expect(told).toEqual(history.slice(history.indexOf(told[0])));
    expect(tracker.messages.some((m) => m.type === "COURIER_FOUND")).toBe(true);
    expect(tracker.messages.some((m) => m.type === "COURIER_LOCATION_UPDATE")).toBe(true);
  }, 60_000);

  it("SIGTERM under load: requests in flight are answered, tracking sockets close with 1001, the process exits cleanly", async () => {
    const { cookie } = await signInCustomer(onA);
    const orderId = await waitingOrder(onA, cookie);
    const dish = await dishOverMinimum(onA);
    const c = await startServerProcess(env);
    const onC = remoteApp(c.url);
    const tracker = trackOn(c, orderId, cookie);
    await tracker.opened;

    const answers: number[] = [];
    const failures: string[] = [];
    let stopped = false;
    // Twenty visitors browsing, each request on a connection of its own, until the process is gone.
    const visitor = async () => {
      while (true) {
        try {
          answers.push(
            (
              await onC.inject({
                method: "GET",
                url: apiPath(endpoints.vendors.catalogue(dish.vendorId)),
                headers: { "x-partner-code": "demo" },
              })
            ).statusCode,
          );
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          // Once the listener is closed, a new connection is refused, and one still waiting in the
          // kernel's queue unread is reset: the process never saw that request, and a load balancer
          // sends it to another process. A request the process read is answered (checked below).
          if ((code === "ECONNREFUSED" || code === "ECONNRESET") && stopped) return;
          failures.push(`${code ?? ""} ${(error as Error).message}`);
          return;
        }
      }
    };
    const visitors = Array.from({ length: 20 }, visitor);
    await vi.waitFor(() => expect(answers.length).toBeGreaterThan(100), { timeout: 20_000 });
    stopped = true;
    process.kill(c.pid, "SIGTERM");
    await Promise.all(visitors);

    expect(failures).toEqual([]);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    expect(await tracker.closed).toBe(1001);
    // Exit code 0: it finished before its own deadline (it exits 1 past it).
    expect(await c.exited).toBe(0);
    expect(c.output()).toContain("SIGTERM: stopping");
  }, 60_000);

  it("SIGKILL of one process during 100 checkouts: each customer who retried with their Idempotency-Key has exactly one order", async () => {
    const [p, q] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const [onP, onQ] = [remoteApp(p.url), remoteApp(q.url)];
    const dish = await dishOverMinimum(onP);
    const shoppers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const { cookie } = await signInCustomer(onP);
        const cart = await newCart(onP, cookie);
        const added = await callEndpoint(onP, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
          vendorId: dish.vendorId,
          productId: dish.productId,
        });
        expect(added.status).toBe(200);
        return { cookie: cart.cookie, cartId: cart.cartId, key: `checkout-${index}-${Date.now()}` };
      }),
    );

    const checkout = (app: Injects, shopper: (typeof shoppers)[number]) =>
      callEndpoint(
        app,
        endpoints.customer.placeOrder(),
        shopper.cookie,
        { cartId: shopper.cartId },
        { "idempotency-key": shopper.key },
      );
    let killed = false;
    const outcomes = await Promise.all(
      shoppers.map(async (shopper, index) => {
        const first = index % 2 === 0 ? onP : onQ;
        const answer = await checkout(first, shopper).catch(() => null);
        // The first answer from either process: Q dies while the rest are in flight.
        if (!killed) {
          killed = true;
          process.kill(q.pid, "SIGKILL");
        }
        if (answer && answer.status < 500) return { first: answer, retry: null };
        // No answer (the process died with the request): the client retries elsewhere with its key.
        return { first: answer, retry: await checkout(onP, shopper) };
      }),
    );
    await q.exited;

    const retried = outcomes.filter((outcome) => outcome.retry);
    expect(retried.length).toBeGreaterThan(0);
    for (const [index, outcome] of outcomes.entries()) {
      const answer = outcome.retry ?? outcome.first;
      expect([200, 201], JSON.stringify(answer?.body)).toContain(answer?.status);
      const shopper = shoppers[index] as (typeof shoppers)[number];
      const history = (await callEndpoint(onP, endpoints.customer.orders(), shopper.cookie)).body;
      const ids = [...history.activeOrders, ...history.deliveredOrders].map(
        (order: { id: number }) => order.id,
      );
      expect(ids).toEqual([answer?.body.id]);
      // The cart went into that order whole.
      const lines = answer?.body.vendorCarts.flatMap(
        (v: { items: Array<{ productId: number; count: number }> }) => v.items,
      );
      expect(lines).toEqual([expect.objectContaining({ productId: dish.productId, count: 1 })]);
    }
    // The hundred orders are called off: the demo's three couriers of Riga would otherwise carry them
    // all before the next test's order (the simulator's couriers are couriers, not a courier per order).
    // Declined while they wait for the kitchen, cancelled after (the kitchen may move one meanwhile).
    for (const outcome of outcomes) {
      const id = (outcome.retry ?? outcome.first)?.body.id as number;
      const callOff = (action: "decline" | "cancel") =>
        ops(onP, dispatchKey, "POST", opsPath(opsEndpoints.moveOrder(id, action)));
      for (const action of ["decline", "cancel", "cancel"] as const)
        if ((await callOff(action)).status === 200) break;
    }
    // Only A and B stay: the next test finds which of them leads.
    await p.stop();
  }, 180_000);

  it("when the leader is killed (SIGKILL), the other process takes over the simulator", async () => {
    const [leader, follower] = leads(a) ? [a, b] : [b, a];
    process.kill(leader.pid, "SIGKILL");
    await leader.exited;
    const onFollower = remoteApp(follower.url);
    await vi.waitFor(() => expect(leads(follower)).toBe(true), { timeout: 15_000 });

    const { cookie } = await signInCustomer(onFollower);
    const dish = await dishOverMinimum(onFollower);
    const cart = await newCart(onFollower, cookie);
    await callEndpoint(onFollower, endpoints.carts.addProduct(cart.cartId), cart.cookie, {
      vendorId: dish.vendorId,
      productId: dish.productId,
    });
    const placed = await callEndpoint(onFollower, endpoints.customer.placeOrder(), cart.cookie, {
      cartId: cart.cartId,
    });
    expect(placed.status).toBe(201);
    const tracker = trackOn(follower, placed.body.id, cookie);
    expect(await tracker.closed).toBe(1000);
    const order = (await callEndpoint(onFollower, endpoints.customer.order(placed.body.id), cookie)).body;
    expect(order.status).toBe("COMPLETED");
  }, 60_000);
});

deployment("processes starting together on an empty database", () => {
  const name = `storefront_empty_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = () => new pg.Client({ connectionString: serverUrl });
  afterAll(async () => {
    await stopAllServerProcesses();
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it("migrate and seed it once, and all of them start", async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    const env = { DATABASE_URL: url.toString(), DATA_DIR: tempDataDir(), ...processEnv() };
    const servers = await Promise.all([1, 2, 3].map(() => startServerProcess(env)));

    const outputs = servers.map((server) => server.output());
    expect(outputs.filter((output) => output.includes('"demo data seeded"'))).toHaveLength(1);
    expect(outputs.filter((output) => output.includes('"demo data already present"'))).toHaveLength(2);
    for (const output of outputs) expect(output).not.toMatch(/"level":50|unique|Failed query/);
    const localities = await remoteApp(servers[2]?.url as string).inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: { "x-partner-code": "demo" },
    });
    expect(localities.statusCode).toBe(200);
    expect(localities.json().length).toBeGreaterThan(0);
  }, 180_000);
});
