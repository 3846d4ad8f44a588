// Load benchmark of live order tracking: the real server (apps/api/src/server.ts) as a process of
// its own on a database seeded with one customer, session and order on its way per order, and
// clients in child processes holding the WebSockets. Measures how fast the sockets open, the
// server's memory per socket after garbage collection, and how long a courier's move takes from
// its publication to each tracking socket: many orders (the sockets spread evenly, every courier
// moving once a second) and one order (every socket on it).
// Usage: npm run tracking -w @storefront/bench [-- --sockets 19500 --orders 1950 --seconds 10]
// With REDIS_URL (or --redis-url) the moves are published to Redis as another API process would;
// without it they go through the ops API's courier-location route, database write included.
import { type ChildProcess, fork, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { redisOrderEvents } from "../apps/api/src/orders/redis-order-events.ts";
import { cpuMsOf } from "./process-stats.ts";
import { freePort } from "./server-processes.ts";
import type { ClientAnswer, ClientCommand } from "./tracking-client.ts";
import { BENCH_MEDIA_DIR, type BenchOrder, prepareBenchDatabase } from "./tracking-seed.ts";

export interface TrackingCase {
  sockets: number;
  orders: number;
  openedPerSecond: number;
  /** From publication to receipt, over every socket's copy of every move. */
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  delivered: number;
  /** Copies that never arrived (a socket that should have heard a move and did not). */
  missing: number;
  /** The server's CPU time over the wall time while the moves were published and delivered. */
  serverCpuPercent: number;
  /** The server's CPU time per socket opened and per copy delivered: what the machine's load does not change. */
  serverCpuMsPerOpening: number;
  serverCpuUsPerCopy: number;
}

export interface TrackingFigures {
  publishedVia: "redis" | "ops-api";
  database: "pglite" | "postgres";
  /** The server's resident memory per socket, after garbage collection, with the many orders' sockets open. */
  serverKiBPerSocket: number;
  /** The part of it that is JavaScript heap and buffers (heapUsed + external). */
  serverHeapKiBPerSocket: number;
  manyOrders: TrackingCase;
  oneOrder: TrackingCase;
  /** The machine's load average (1 minute) at the end: the server and clients share its cores. */
  machineLoad: number;
  errors: string[];
}

const repoRoot = path.resolve(import.meta.dirname, "..");
/** Sockets per client process: each process stays far below the 20,000 descriptors it may hold. */
const SOCKETS_PER_CLIENT = 5_000;
/** Handshakes each client process keeps under way. */
const OPENING_CONCURRENCY = 100;
/** Ops API requests the bench keeps under way; a move still waiting when its next is due is skipped. */
const OPS_CONCURRENCY = 64;
const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runTrackingBench(options: {
  sockets: number;
  orders: number;
  seconds: number;
  databaseUrl?: string;
  /** Publish the moves to this Redis (the server uses it too) instead of through the ops API. */
  redisUrl?: string;
}): Promise<TrackingFigures> {
  const errors: string[] = [];
  const database = await prepareBenchDatabase({ orders: options.orders, databaseUrl: options.databaseUrl });
  const server = await startBenchServer({
    ...database.env,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
  });
  const publish = options.redisUrl
    ? redisPublisher(options.redisUrl)
    : opsPublisher(server.url, database.secrets.opsKeys.courier, errors);
  try {
    // Many orders first, on the fresh server, so its memory figure is of the sockets alone.
    const quiet = await server.memory();
    let loaded = quiet;
    const spread = Array.from({ length: options.sockets }, (_, i) => database.orders[i % options.orders]!);
    const manyOrders = await runCase({
      phase: 1,
      url: server.url,
      targets: spread,
      orders: database.orders,
      seconds: options.seconds,
      publish,
      serverPid: server.pid,
      errors,
      afterOpening: async () => {
        loaded = await server.memory();
      },
    });
    const first = database.orders[0]!;
    const oneOrder = await runCase({
      phase: 2,
      url: server.url,
      targets: Array.from({ length: options.sockets }, () => first),
      orders: [first],
      seconds: options.seconds,
      publish,
      serverPid: server.pid,
      errors,
    });
    const perSocket = (bytes: number) => Math.round((bytes / manyOrders.sockets / 1024) * 10) / 10;
    return {
      publishedVia: options.redisUrl ? "redis" : "ops-api",
      database: options.databaseUrl ? "postgres" : "pglite",
      serverKiBPerSocket: perSocket(loaded.rss - quiet.rss),
      serverHeapKiBPerSocket: perSocket(loaded.heapUsed + loaded.external - quiet.heapUsed - quiet.external),
      manyOrders,
      oneOrder,
      machineLoad: Math.round(os.loadavg()[0]! * 10) / 10,
      errors,
    };
  } finally {
    await publish.close();
    await server.stop();
    await database.drop();
  }
}

interface Publisher {
  /** Publishes one move; `sent` is called with the time it left the bench. */
  move(order: BenchOrder, latitude: number, longitude: number): void;
  close(): Promise<void>;
}

/** Moves published to Redis, exactly as an API process's `services.orderEvents.publish` does. */
function redisPublisher(url: string): Publisher {
  // The bench's servers run with no REDIS_CHANNEL_PREFIX: the channels as they are named by default.
  const events = redisOrderEvents(url, "");
  return {
    move(order, latitude, longitude) {
      void events.publish({
        type: "COURIER_LOCATION_UPDATE",
        orderId: order.orderId,
        userId: order.userId,
        latitude,
        longitude,
      });
    },
    close: () => events.close(),
  };
}

/** Moves reported through the ops API, as the simulator and the couriers' app do. */
function opsPublisher(url: string, courierKey: string, errors: string[]): Publisher {
  let inFlight = 0;
  let skipped = 0;
  let failed = 0;
  return {
    move(order, latitude, longitude) {
      if (inFlight >= OPS_CONCURRENCY) {
        skipped += 1;
        return;
      }
      inFlight += 1;
      fetch(`${url}/api/ops/orders/${order.orderId}/courier-location`, {
        method: "POST",
        headers: { "x-api-key": courierKey, "content-type": "application/json" },
        body: JSON.stringify({ latitude, longitude }),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) failed += 1;
        })
        .catch(() => {
          failed += 1;
        })
        .finally(() => {
          inFlight -= 1;
        });
    },
    async close() {
      if (skipped) errors.push(`${skipped} moves not sent: ${OPS_CONCURRENCY} ops requests were under way`);
      if (failed) errors.push(`${failed} ops requests failed`);
    },
  };
}

interface CaseOptions {
  /** Picks the clients' loopback addresses (127.0.<phase>.x), fresh for each case. */
  phase: number;
  url: string;
  /** One entry per socket: the order it follows and its owner's session. */
  targets: BenchOrder[];
  /** The orders whose couriers move. */
  orders: BenchOrder[];
  seconds: number;
  publish: Publisher;
  serverPid: number;
  errors: string[];
  afterOpening?: () => Promise<void>;
}

async function runCase(options: CaseOptions): Promise<TrackingCase> {
  const clients = await startClients(Math.ceil(options.targets.length / SOCKETS_PER_CLIENT));
  try {
    const wsUrl = `${options.url.replace("http", "ws")}/api/customer/orders/track`;
    const shares = clients.map((_, i) =>
      options.targets.slice(i * SOCKETS_PER_CLIENT, (i + 1) * SOCKETS_PER_CLIENT),
    );
    const cpuBeforeOpening = cpuMsOf(options.serverPid);
    const opened = await Promise.all(
      clients.map((client, i) =>
        client.ask({
          type: "open",
          url: wsUrl,
          targets: shares[i]!.map(({ orderId, token }) => ({ orderId, token })),
          localAddress: `127.0.${options.phase}.${i + 2}`,
          concurrency: OPENING_CONCURRENCY,
        }),
      ),
    );
    let openedCount = 0;
    let startedAt = Number.POSITIVE_INFINITY;
    let finishedAt = 0;
    for (const answer of opened) {
      if (answer.type !== "opened") continue;
      openedCount += answer.opened;
      startedAt = Math.min(startedAt, answer.startedAt);
      finishedAt = Math.max(finishedAt, answer.finishedAt);
      options.errors.push(...answer.errors);
    }
    if (openedCount < options.targets.length)
      options.errors.push(
        `${options.targets.length - openedCount} of ${options.targets.length} sockets did not open`,
      );
    // What the server still does for the last sockets (their pictures) counts to the opening.
    await sleep(1_000);
    const openingCpuMs = cpuMsOf(options.serverPid) - cpuBeforeOpening;
    await options.afterOpening?.();

    const cpuBefore = cpuMsOf(options.serverPid);
    const publishing = clock();
    const sentAt = await publishMoves(options);
    await drained(clients);
    const deliveryCpuMs = cpuMsOf(options.serverPid) - cpuBefore;
    const serverCpuShare = deliveryCpuMs / (clock() - publishing);
    const latencies: number[] = [];
    let closes = 0;
    for (const answer of await Promise.all(clients.map((client) => client.ask({ type: "receipts" })))) {
      if (answer.type !== "receipts") continue;
      closes += answer.closes;
      const r = answer.receipts;
      for (let i = 0; i < r.length; i += 3) {
        const published = sentAt.get(`${r[i]}:${r[i + 1]}`);
        if (published !== undefined) latencies.push(r[i + 2]! - published);
      }
    }
    if (closes) options.errors.push(`${closes} sockets closed by the server during the run`);
    const socketsPerOrder = new Map<number, number>();
    for (const target of options.targets)
      socketsPerOrder.set(target.orderId, (socketsPerOrder.get(target.orderId) ?? 0) + 1);
    let expected = 0;
    for (const key of sentAt.keys()) expected += socketsPerOrder.get(Number(key.split(":")[0])) ?? 0;
    const sorted = Float64Array.from(latencies).sort();
    const at = (q: number) =>
      sorted.length
        ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10
        : 0;
    return {
      sockets: options.targets.length,
      orders: socketsPerOrder.size,
      openedPerSecond: Math.round(openedCount / ((finishedAt - startedAt) / 1000)),
      p50Ms: at(0.5),
      p95Ms: at(0.95),
      p99Ms: at(0.99),
      delivered: latencies.length,
      missing: expected - latencies.length,
      serverCpuPercent: Math.round(serverCpuShare * 100),
      serverCpuMsPerOpening: Math.round((openingCpuMs / Math.max(1, openedCount)) * 100) / 100,
      serverCpuUsPerCopy: Math.round((deliveryCpuMs * 1000) / Math.max(1, latencies.length)),
    };
  } finally {
    await Promise.all(clients.map((client) => client.stop()));
  }
}

/**
 * Moves every order's courier once a second for `seconds`, the orders spread evenly over each
 * second; returns when each move was published, by `orderID:latitude` (the latitude names the second).
 */
async function publishMoves(options: CaseOptions): Promise<Map<string, number>> {
  const sentAt = new Map<string, number>();
  const { orders } = options;
  const start = clock();
  for (let second = 0; second < options.seconds; second++) {
    const latitude = 56.9 + options.phase / 10 + second / 10_000;
    let next = 0;
    while (next < orders.length) {
      const due = Math.min(
        orders.length,
        Math.ceil(((clock() - start - second * 1000) / 1000) * orders.length),
      );
      for (; next < due; next++) {
        const order = orders[next]!;
        sentAt.set(`${order.orderId}:${latitude}`, clock());
        options.publish.move(order, latitude, 24.1);
      }
      if (next < orders.length) await sleep(5);
    }
    const wait = start + (second + 1) * 1000 - clock();
    if (wait > 0) await sleep(wait);
  }
  return sentAt;
}

/** Waits until no copy has arrived for a second (at most 30 s): later ones count as missing. */
async function drained(clients: BenchClient[]): Promise<void> {
  let last = -1;
  for (let waited = 0; waited < 30_000; waited += 1_000) {
    await sleep(1_000);
    let received = 0;
    for (const answer of await Promise.all(clients.map((client) => client.ask({ type: "count" }))))
      if (answer.type === "count") received += answer.received;
    if (received === last) return;
    last = received;
  }
}

interface BenchClient {
  ask(command: ClientCommand): Promise<ClientAnswer>;
  stop(): Promise<void>;
}

async function startClients(count: number): Promise<BenchClient[]> {
  return Array.from({ length: count }, () => {
    const child = fork(path.join(import.meta.dirname, "tracking-client.ts"), [], {
      execArgv: ["--import", "tsx"],
      serialization: "advanced",
    });
    return {
      ask: (command) =>
        new Promise<ClientAnswer>((resolve, reject) => {
          const exited = (code: number | null) => reject(new Error(`client exited with ${code}`));
          child.once("exit", exited);
          child.once("message", (answer) => {
            child.off("exit", exited);
            resolve(answer as ClientAnswer);
          });
          child.send(command);
        }),
      stop: () => stopProcess(child),
    };
  });
}

interface BenchServer {
  url: string;
  pid: number;
  /** The server's process.memoryUsage() after a full garbage collection. */
  memory(): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

/** The real server in a process of its own, with the memory probe preloaded; resolves once healthy. */
async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "--expose-gc",
      "--import",
      "tsx",
      "--import",
      pathToFileURL(path.join(import.meta.dirname, "memory-probe.ts")).href,
      path.join(repoRoot, "apps/api/src/server.ts"),
    ],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? "",
        HOST: "127.0.0.1",
        PORT: String(port),
        MEDIA_DIR: BENCH_MEDIA_DIR,
        WEB_BUILD_DIR: path.join(repoRoot, "no-web-build"),
        // The demo's simulator would move the bench's orders along; request logs would be most of the work.
        SIMULATOR: "false",
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 250) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (waited > 180_000) {
      await stopProcess(child);
      throw new Error(`the server did not answer in three minutes:\n${output}`);
    }
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    await sleep(250);
  }
  return {
    url,
    pid: child.pid as number,
    memory: () =>
      new Promise((resolve) => {
        child.once("message", (usage) => resolve(usage as NodeJS.MemoryUsage));
        child.send("memory");
      }),
    stop: () => stopProcess(child),
  };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function formatTable(figures: TrackingFigures): string {
  const row = (cells: Array<string | number>) =>
    cells.map((cell, i) => (i === 0 ? String(cell).padEnd(12) : String(cell).padStart(11))).join(" ");
  const line = (name: string, c: TrackingCase) =>
    row([
      name,
      c.sockets,
      c.orders,
      c.openedPerSecond,
      c.p50Ms,
      c.p95Ms,
      c.p99Ms,
      c.delivered,
      c.missing,
      `${c.serverCpuPercent}%`,
      c.serverCpuMsPerOpening,
      c.serverCpuUsPerCopy,
    ]);
  return [
    row([
      "case",
      "sockets",
      "orders",
      "opened/s",
      "p50 ms",
      "p95 ms",
      "p99 ms",
      "delivered",
      "missing",
      "server CPU",
      "CPU ms/open",
      "CPU µs/copy",
    ]),
    line("many orders", figures.manyOrders),
    line("one order", figures.oneOrder),
    `server memory per socket (many orders, after GC): ${figures.serverKiBPerSocket} KiB resident, ` +
      `${figures.serverHeapKiBPerSocket} KiB heap and buffers`,
    `machine load average at the end: ${figures.machineLoad} on ${os.cpus().length} cores`,
    figures.errors.length ? `errors:\n  ${figures.errors.join("\n  ")}` : "errors: none",
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({
    options: {
      sockets: { type: "string", default: "19500" },
      orders: { type: "string", default: "1950" },
      seconds: { type: "string", default: "10" },
      "database-url": { type: "string", default: process.env.DATABASE_URL },
      "redis-url": { type: "string", default: process.env.REDIS_URL },
    },
  });
  const options = {
    sockets: Number(values.sockets),
    orders: Number(values.orders),
    seconds: Number(values.seconds),
    ...(values["database-url"] ? { databaseUrl: values["database-url"] } : {}),
    ...(values["redis-url"] ? { redisUrl: values["redis-url"] } : {}),
  };
  console.log(
    `tracking benchmark: ${options.sockets} sockets, ${options.orders} orders, ${options.seconds} s of moves, ` +
      `${options.databaseUrl ? "PostgreSQL" : "PGlite"}, moves via ${options.redisUrl ? "Redis" : "the ops API"}, ` +
      `${os.cpus().length} cores`,
  );
  console.log(formatTable(await runTrackingBench(options)));
}
