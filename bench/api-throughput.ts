// Load benchmark of the API's public reads: boots the API on a fresh seeded database (in-memory PGlite,
// or a scratch database on the PostgreSQL server of `databaseUrl`), then drives each route from
// loopback and reports requests per second and latencies beside /api/health's in the same run.
// Usage: npm run api-throughput -w @storefront/bench [-- --seconds 5 --connections 20 --database-url postgres://…]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildApp } from "../apps/api/src/app.ts";
import { type DatabaseHandle, openDatabase } from "../apps/api/src/db/client.ts";
import { LocalMediaStore } from "../apps/api/src/media/local-media-store.ts";
import { makeDemoSecrets } from "../apps/api/src/seed/demo-secrets.ts";
import { seedDemoData } from "../apps/api/src/seed/seed.ts";
import { BROWSER_ACCEPT_ENCODING } from "./browser-headers.ts";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-database.ts";

export interface ApiBenchRow {
  /** The path requested, query included ("/api/health" is the yardstick). */
  route: string;
  /**
   * warm: the answer kept since the first request; cold: the read cache emptied before every request
   * (pictures and partners stay cached, as they did before the read cache); "new point": every
   * request at a customer's point of its own, so its answer is built, from the rows kept.
   */
  cache: "warm" | "cold" | "new point";
  /** peak: as fast as the connections go; "70%": held at 70% of the same route's peak rate. */
  load: "peak" | "70%";
  /** The mean over the route's one-second slices; p50 and p99 are the slices' medians. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  /**
   * requestsPerSecond over /api/health's: the median, over one-second slices, of the slice's rate
   * over the mean of the /api/health slices just before and after it.
   */
  ratioToHealth: number;
  /** CPU time of the API's thread per request answered (Linux only, else null). */
  serverCpuUsPerRequest: number | null;
}

export interface ApiBenchOptions {
  /** A PostgreSQL server to bench on (a scratch database is made and dropped); PGlite without it. */
  databaseUrl?: string;
  /** Seconds of load per row, in one-second slices each between two of /api/health's. */
  seconds: number;
  connections: number;
}

/** As a browser asks: answers come compressed when it pays (Chromium's Accept-Encoding). */
const HEADERS = {
  "X-Partner-Code": "demo",
  "Accept-Language": "en",
  "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
};
/** Requests carrying it find the read cache empty (see `cache: "cold"`). */
const COLD_HEADER = "x-bench-cold-cache";

const NEW_POINT_REQUEST = path.join(import.meta.dirname, "new-point-request.cjs");

/** The routes the goals name: their p99 is also measured at 70% of their peak. */
const HELD_AT_70 = (route: string) =>
  route === "/api/public/localities/riga/vendors" || /^\/api\/vendors\/\d+\/catalogue$/.test(route);

export async function runApiBench(options: ApiBenchOptions): Promise<ApiBenchRow[]> {
  const mediaDir = path.join(os.tmpdir(), "storefront-test-media");
  const scratch = options.databaseUrl ? await createScratchDatabase(options.databaseUrl) : null;
  const database = await openDatabase({ dataDir: null, databaseUrl: scratch?.url });
  try {
    await seedDemoData(database.db, { media: new LocalMediaStore(mediaDir), secrets: makeDemoSecrets() });
    const app = await buildApp({ config: { mediaDir, logLevel: "silent" }, database });
    app.addHook("onRequest", async (request) => {
      if (request.headers[COLD_HEADER]) app.services.readCache.clear();
    });
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      return await measure(address, options);
    } finally {
      await app.close();
    }
  } finally {
    await closeAll(database, scratch);
  }
}

interface RunOptions {
  cold?: boolean;
  newPoint?: boolean;
  overallRate?: number;
}

/** One second of load at a time, alternating with /api/health's (see `ratioToHealth`). */
const SLICE_SECONDS = 1;

async function measure(address: string, options: ApiBenchOptions): Promise<ApiBenchRow[]> {
  const run = async (route: string, extra: RunOptions = {}) => {
    const cpuBefore = mainThreadCpuMs();
    const result = await autocannon({
      url: `${address}${route}`,
      headers: extra.cold ? { ...HEADERS, [COLD_HEADER]: "1" } : HEADERS,
      connections: options.connections,
      // The load comes from a thread of its own, so the API's thread serves only.
      workers: 1,
      duration: SLICE_SECONDS,
      ...(extra.overallRate ? { overallRate: extra.overallRate } : {}),
      ...(extra.newPoint ? { requests: [{ setupRequest: NEW_POINT_REQUEST }] } : {}),
    });
    const cpuAfter = mainThreadCpuMs();
    return {
      requestsPerSecond: result.requests.average,
      requests: result.requests.total,
      cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
    };
  };
  const healthRuns: Array<Awaited<ReturnType<typeof run>>> = [];

  /**
   * The route in one-second slices, each between two of /api/health: on a shared machine a
   * neighbour's burst then weighs on both sides of a slice's ratio alike.
   */
  const compare = async (
    route: string,
    cache: ApiBenchRow["cache"],
    load: ApiBenchRow["load"],
    extra: RunOptions = {},
  ) => {
    // Fill the caches first, so a warm run measures the steady state.
    await fetch(`${address}${route}`, { headers: HEADERS });
    const slices = Math.max(1, Math.round(options.seconds / SLICE_SECONDS));
    let before = await run("/api/health");
    healthRuns.push(before);
    const runs: Array<Awaited<ReturnType<typeof run>>> = [];
    const ratios: number[] = [];
    for (let i = 0; i < slices; i++) {
      const measured = await run(route, extra);
      const after = await run("/api/health");
      healthRuns.push(after);
      runs.push(measured);
      ratios.push(measured.requestsPerSecond / mean([before.requestsPerSecond, after.requestsPerSecond]));
      before = after;
    }
    return { route, cache, load, ...summarize(runs), ratioToHealth: median(ratios) };
  };

  const targets = await routesToMeasure(address);
  const rows: ApiBenchRow[] = [];
  for (const route of targets) {
    const peak = await compare(route, "warm", "peak");
    rows.push(peak);
    if (HELD_AT_70(route)) {
      const overallRate = Math.max(1, Math.round(peak.requestsPerSecond * 0.7));
      rows.push(await compare(route, "warm", "70%", { overallRate }));
    }
    if (route === "/api/public/localities/riga/vendors") {
      rows.push(await compare(route, "cold", "peak", { cold: true }));
      rows.push(await compare(route, "new point", "peak", { newPoint: true }));
    }
  }
  return [
    { route: "/api/health", cache: "warm", load: "peak", ...summarize(healthRuns), ratioToHealth: 1 },
    ...rows,
  ];
}

function summarize(
  runs: Array<{
    requestsPerSecond: number;
    requests: number;
    cpuMs: number | null;
    p50Ms: number;
    p99Ms: number;
    non2xx: number;
  }>,
) {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const cpu = runs.every((r) => r.cpuMs !== null) ? runs.reduce((sum, r) => sum + (r.cpuMs ?? 0), 0) : null;
  return {
    requestsPerSecond: mean(runs.map((r) => r.requestsPerSecond)),
    p50Ms: median(runs.map((r) => r.p50Ms)),
    p99Ms: median(runs.map((r) => r.p99Ms)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    serverCpuUsPerRequest: cpu === null || requests === 0 ? null : (cpu * 1000) / requests,
  };
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : mean([sorted[middle - 1] ?? 0, sorted[middle] ?? 0]);
}

/**
 * CPU time of this process's main thread (the API's; the load runs in a worker thread), from Linux's
 * per-thread accounting; null elsewhere. Clock ticks of 10 ms, so it is read over whole runs.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function routesToMeasure(address: string): Promise<string[]> {
  const answer = await fetch(`${address}/api/public/localities/riga/vendors`, { headers: HEADERS });
  const vendors = (await answer.json()) as { content: Array<{ id: number }> };
  const vendorId = vendors.content[0]?.id;
  const catalogue = (await (
    await fetch(`${address}/api/vendors/${vendorId}/catalogue`, { headers: HEADERS })
  ).json()) as {
    sections: Array<{ products: Array<{ id: number }> }>;
  };
  const productId = catalogue.sections[0]?.products[0]?.id;
  return [
    "/api/public/localities",
    "/api/public/localities/riga/params",
    "/api/public/localities/riga/banners",
    "/api/public/localities/riga/categories",
    "/api/public/localities/riga/vendors",
    "/api/public/localities/riga/vendors?latitude=56.95&longitude=24.11&page=2",
    "/api/public/localities/riga/vendors?searchString=pica",
    `/api/vendors/${vendorId}`,
    `/api/vendors/${vendorId}/catalogue`,
    `/api/products/${productId}`,
    "/api/content-pages",
  ];
}

async function closeAll(database: DatabaseHandle, scratch: ScratchDatabase | null) {
  await database.close();
  await scratch?.drop();
}

/** The rows as a table, ratios in percent of /api/health. */
export function formatApiBench(rows: ApiBenchRow[]): string {
  const header = ["route", "cache", "load", "req/s", "p50 ms", "p99 ms", "non-2xx", "% health", "CPU µs/req"];
  const lines = rows.map((row) => [
    row.route,
    row.cache,
    row.load,
    row.requestsPerSecond.toFixed(0),
    String(row.p50Ms),
    String(row.p99Ms),
    String(row.non2xx),
    (row.ratioToHealth * 100).toFixed(1),
    row.serverCpuUsPerRequest === null ? "-" : row.serverCpuUsPerRequest.toFixed(0),
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  return [header, ...lines]
    .map((line) =>
      line
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  "),
    )
    .join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      seconds: { type: "string", default: "5" },
      connections: { type: "string", default: "20" },
      "database-url": { type: "string" },
    },
  });
  const options = {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    ...(values["database-url"] ? { databaseUrl: values["database-url"] } : {}),
  };
  console.log(
    `API throughput: ${options.seconds}s per row, ${options.connections} connections, ${os.cpus().length} cores, ` +
      (options.databaseUrl ? "PostgreSQL" : "PGlite"),
  );
  console.log(formatApiBench(await runApiBench(options)));
}
