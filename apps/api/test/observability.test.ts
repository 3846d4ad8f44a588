import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { endpoints } from "@storefront/domain/contract";
import type { DestinationStream } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { NOW, placeOrderIn } from "./completed-orders.ts";
import { DEMO, get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { parseMetrics } from "./metrics-text.ts";
import { apiPath } from "./paths.ts";
import { freePort } from "./server-process.ts";
import { track } from "./tracking-helpers.ts";
import { ensureWebBuild, WEB_BUILD_DIR } from "./web-build.ts";

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const TOKEN = "metrics-token-of-the-operator-0123";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every line the API logs, parsed. */
const lines: Array<Record<string, unknown> & { reqId?: string; req?: { url: string } }> = [];
const capture: DestinationStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

let t: TestApp;
beforeAll(async () => {
  // The pages are the storefront's build, hosted as the server hosts it; made here when missing.
  await ensureWebBuild();
  t = await startTestApp({
    now: NOW,
    logLevel: "info",
    logStream: capture,
    metricsToken: TOKEN,
    webBuildDir: WEB_BUILD_DIR,
  });
});
afterAll(() => t.close());

const scrape = async () => {
  const answer = await t.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(answer.body);
};

describe("request ids", () => {
  it("are in an error's body, its X-Request-Id header and every log line of its request", async () => {
    for (const failing of [
      // The error handler's own (a declared 401 of the contract), the not-found handler's, and
      // the router's for a URL it cannot decode.
      { url: apiPath(endpoints.customer.me()), headers: DEMO, status: 401 },
      { url: "/api/no-such-route", headers: DEMO, status: 404 },
      { url: "/api/vendors/%E0%A4%A", headers: DEMO, status: 400 },
      // The partner check before any route, and the tracking socket's refusal before its upgrade.
      { url: apiPath(endpoints.localities.list()), headers: {}, status: 400 },
      {
        url: apiPath(endpoints.trackOrder(1)),
        headers: { origin: "https://evil.example" },
        status: 403,
      },
    ]) {
      const answer = await t.app.inject({ method: "GET", url: failing.url, headers: failing.headers });
      expect(answer.statusCode, failing.url).toBe(failing.status);
      const id = answer.headers["x-request-id"] as string;
      expect(id, failing.url).toMatch(UUID);
      expect(answer.json(), failing.url).toMatchObject({ status: failing.status, requestId: id });
      expect(linesOf(id).length, failing.url).toBeGreaterThanOrEqual(1);
    }
    // A request that went well names its id too.
    const fine = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: DEMO,
    });
    expect(fine.headers["x-request-id"]).toMatch(UUID);
  });

  it("keep the load balancer's well-formed id and replace any other", async () => {
    const balancers = ["0af7651916cd43dd8448eb211c80319c", "req_01J9ZC3V4T:edge-2.fra", "b1946ac9-2f55-4f6d"];
    for (const given of balancers) {
      const answer = await t.app.inject({
        method: "GET",
        url: "/api/no-such-route",
        headers: { ...DEMO, "x-request-id": given },
      });
      expect(answer.headers["x-request-id"]).toBe(given);
      expect(answer.json().requestId).toBe(given);
      expect(linesOf(given).map((line) => line.msg)).toContain("incoming request");
    }
    for (const forged of [
      "short",
      "a".repeat(129),
      "spaced out id 123",
      '{"level":60}',
      "id\u2028with-separator",
    ]) {
      const answer = await t.app.inject({
        method: "GET",
        url: "/api/no-such-route",
        headers: { ...DEMO, "x-request-id": forged },
      });
      expect(answer.headers["x-request-id"], forged).toMatch(UUID);
      expect(answer.json().requestId).toBe(answer.headers["x-request-id"]);
      expect(linesOf(forged), forged).toEqual([]);
    }
  });

  it("follow a page into the API calls its loaders make, and stay on a page that fails", async () => {
    for (const [url, status] of [
      ["/lv/riga", 200],
      ["/lv/riga/vendor/999999", 404],
    ] as const) {
      const before = lines.length;
      // A malformed id of the visitor's is not passed on: the page's own is.
      const page = await t.app.inject({ method: "GET", url, headers: { "x-request-id": "not an id!" } });
      expect(page.statusCode, url).toBe(status);
      const id = page.headers["x-request-id"] as string;
      expect(id).toMatch(UUID);
      const apiCalls = lines
        .slice(before)
        .filter((line) => line.msg === "incoming request" && line.req?.url.startsWith("/api/"));
      expect(apiCalls.length, url).toBeGreaterThanOrEqual(2);
      for (const call of apiCalls) expect(call.reqId, `${url} → ${call.req?.url}`).toBe(id);
      expect(linesOf(id).find((line) => line.msg === "incoming request")?.req?.url).toBe(url);
    }
  });
});

describe("/metrics", () => {
  it("is the operator's: 401 without the token or with another, the error naming its request", async () => {
    for (const authorization of [
      undefined,
      "Bearer metrics-token-of-the-operator-0124",
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const answer = await t.app.inject({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode, authorization).toBe(401);
      expect(answer.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(answer.body).not.toContain("http_requests_total");
      expect(answer.json()).toMatchObject({
        type: "UnauthorizedException",
        requestId: answer.headers["x-request-id"],
      });
    }
  });

  it("counts requests by their route's pattern, never their URL", async () => {
    const vendors = (await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=3")))).body;
    const ids = vendors.content.map((vendor: { id: number }) => vendor.id) as number[];
    const asset = fs
      .readdirSync(path.join(WEB_BUILD_DIR, "client/assets"))
      .find((name) => name.endsWith(".js"));
    const before = await scrape();
    for (const id of ids) await get(t.app, apiPath(endpoints.vendors.detail(id, `x=${id}`)));
    expect((await get(t.app, "/api/definitely/not/here/42")).status).toBe(404);
    for (const url of ["/lv/riga", "/lv/riga?sort=rating", "/lv/kyiv"])
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/assets/${asset}` })).statusCode).toBe(200);
    const after = await scrape();

    const counted = (labels: Record<string, string>) =>
      (after.value("http_requests_total", labels) ?? 0) - (before.value("http_requests_total", labels) ?? 0);
    const vendorRoute = { method: "GET", route: "/api/vendors/:id", status: "200" };
    expect(counted(vendorRoute)).toBe(ids.length);
    expect(after.value("http_request_duration_seconds_count", vendorRoute)).toBe(
      after.value("http_requests_total", vendorRoute),
    );
    expect(counted({ method: "GET", route: "unmatched", status: "404" })).toBe(1);
    // Pages are one route, whatever their URL, and so are the build's files.
    expect(counted({ method: "GET", route: "page", status: "200" })).toBe(3);
    expect(counted({ method: "GET", route: "static", status: "200" })).toBe(1);
    const routes = new Set(after.samples.map((sample) => sample.labels.route).filter(Boolean));
    for (const route of routes) expect(route).not.toMatch(/\/\d|\?|not\/here|\/lv\/|assets/);
  });

  it("counts a placed order, the orders by status and the catalogue cache's hits", async () => {
    const { cookie } = await signInCustomer(t.app);
    const before = await scrape();
    const order = await placeOrderIn(t, cookie);
    const after = await scrape();
    expect(after.value("orders_placed_total")).toBe((before.value("orders_placed_total") ?? 0) + 1);
    const status = { status: order.status as string };
    expect(after.value("orders_by_status", status)).toBe((before.value("orders_by_status", status) ?? 0) + 1);
    // Placing an order read the vendor list and its menu: some from the cache, some built.
    const hits = { outcome: "hit" };
    expect(after.value("catalogue_cache_reads_total", hits)).toBeGreaterThan(
      before.value("catalogue_cache_reads_total", hits) ?? 0,
    );
    expect(after.value("catalogue_cache_entries")).toBeGreaterThan(0);
  });

  it("shows the open tracking sockets, the database pool and Node's event loop lag", async () => {
    const { cookie } = await signInCustomer(t.app);
    const order = await placeOrderIn(t, cookie);
    const before = (await scrape()).value("tracking_sockets_open");
    const tracker = await track(t.app, order.id, { cookie });
    await tracker.next((message) => message.type === "ORDER_STATUS_UPDATE");
    expect((await scrape()).value("tracking_sockets_open")).toBe((before ?? 0) + 1);
    tracker.socket.terminate();
    await expect.poll(async () => (await scrape()).value("tracking_sockets_open")).toBe(before);

    const figures = await scrape();
    expect(figures.value("nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(figures.value("process_resident_memory_bytes")).toBeGreaterThan(0);
    // node-postgres has a pool to show; PGlite has none.
    if (process.env.DATABASE_URL) expect(figures.value("db_pool_connections")).toBeGreaterThanOrEqual(1);
    else expect(figures.value("db_pool_connections")).toBeUndefined();
  });

  it("shows the storefront's pages rendering and waiting for their turn: none left once all are answered", async () => {
    // Six pages at once, none of them kept yet (each its own URL): two render, the others wait.
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((visit) =>
        t.app.inject({ method: "GET", url: `/en/riga?visit=${visit}`, headers: { cookie: "locale=en" } }),
      ),
    );
    expect(pages.map((page) => page.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    // Each turn ended with its answer, not a second later: its place is free once the event loop
    // has gone round (a turn passes on through it).
    await new Promise((resolve) => setImmediate(resolve));
    const figures = await scrape();
    expect(figures.value("storefront_pages_rendering")).toBe(0);
    expect(figures.value("storefront_pages_waiting")).toBe(0);
  });
});

describe("/metrics without a token", () => {
  it("is open in demo mode only: production, or a demo mode that says production, has none", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example",
      INVOICE_LINK_SECRET: "an-invoice-link-secret-of-the-operator-0123456789",
      OUTBOX: "true",
    };
    expect(loadConfig({}).metricsWithoutToken).toBe(true);
    expect(loadConfig({ DEMO_MODE: "false" }).metricsWithoutToken).toBe(false);
    expect(loadConfig(production).metricsWithoutToken).toBe(false);
    expect(loadConfig({ ...production, DEMO_MODE: "true" }).metricsWithoutToken).toBe(false);
    expect(loadConfig({ ...production, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: "too-short" })).toThrow(/METRICS_TOKEN: at least 16 characters/);
  });

  it("answers 404 when closed, and the figures when open", async () => {
    const closed = await startTestApp({ metricsWithoutToken: false });
    try {
      const answer = await closed.app.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain("http_requests_total");
    } finally {
      await closed.close();
    }
    const open = await startTestApp({ metricsWithoutToken: true });
    try {
      const answer = await open.app.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toContain("# TYPE http_requests_total counter");
    } finally {
      await open.close();
    }
  });
});

/** A GET on a connection of its own, so a cluster hands each to its next worker. */
function getOnce(port: number, urlPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, headers, agent: false }, (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk) => {
          body += chunk;
        });
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("/metrics of a cluster", () => {
  let primary: ChildProcess | null = null;
  afterAll(async () => {
    if (!primary || primary.exitCode !== null) return;
    const exited = new Promise((resolve) => primary?.once("exit", resolve));
    primary.kill("SIGTERM");
    await exited;
  });

  it("answers, from whichever worker a scrape lands on, the figures of all the workers", async () => {
    const port = await freePort();
    primary = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "fixtures/metrics-cluster.ts")],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? "", PORT: String(port), METRICS_TOKEN: TOKEN },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    await new Promise<void>((resolve, reject) => {
      primary?.stderr?.on("data", (chunk) => {
        output += chunk;
      });
      primary?.stdout?.on("data", (chunk) => {
        output += chunk;
        if (output.includes("cluster listening")) resolve();
      });
      primary?.once("exit", (code) => reject(new Error(`the cluster exited with ${code}:\n${output}`)));
    });

    const workers = new Set<number>();
    for (let i = 0; i < 6; i += 1) workers.add(JSON.parse((await getOnce(port, "/hit")).body).worker);
    // The primary handed the connections to both workers, three each.
    expect(workers.size).toBe(2);

    expect((await getOnce(port, "/metrics")).status).toBe(401);
    for (let scrape = 0; scrape < 4; scrape += 1) {
      const answer = await getOnce(port, "/metrics", { authorization: `Bearer ${TOKEN}` });
      expect(answer.status).toBe(200);
      const figures = parseMetrics(answer.body);
      expect(figures.value("http_requests_total", { method: "GET", route: "/hit", status: "200" })).toBe(6);
      // Each worker holds one socket; the orders are the database's, counted once, not per worker.
      expect(figures.value("tracking_sockets_open")).toBe(2);
      expect(figures.value("orders_by_status", { status: "DELIVERED" })).toBe(3);
      expect(figures.count("nodejs_eventloop_lag_seconds")).toBe(1);
    }
  });
});
