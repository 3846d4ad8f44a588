// npm run start:cluster: several storefront processes on one machine and one port. The primary
// forks CLUSTER_PROCESSES workers (the machine's cores by default), each the whole server on the
// shared PostgreSQL and Redis; node:cluster hands each new connection to the next worker. A worker
// that dies is replaced; SIGTERM or SIGINT drains them all (each finishes its requests and closes its
// tracking sockets with 1001) and the primary exits when they have.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { ensureWebBuild, root } from "./web-build.mjs";

const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `The storefront cluster did not start.\nSeveral processes share one PostgreSQL server and one Redis; set ${missing.join(" and ")}.\n` +
      "(The embedded database belongs to one process: npm start runs that.)",
  );
  process.exit(1);
}
const count = Number(process.env.CLUSTER_PROCESSES ?? os.availableParallelism());
if (!Number.isInteger(count) || count < 1 || count > 64) {
  console.error(
    `The storefront cluster did not start.\nCLUSTER_PROCESSES: expected 1 to 64, got ${process.env.CLUSTER_PROCESSES}`,
  );
  process.exit(1);
}

ensureWebBuild();

// The primary and its workers run the server's TypeScript through tsx, as npm start does.
const { register } = await import("tsx/esm/api");
register();
// A scrape of /metrics lands on one worker, which asks the primary for the sum of all of them.
const { serveClusterMetrics } = await import(
  path.join(root, "apps/api/src/observability/cluster-metrics.ts")
);
serveClusterMetrics();

cluster.setupPrimary({
  exec: path.join(root, "apps/api/src/server.ts"),
  execArgv: [...process.execArgv, "--import", "tsx"],
});

/** A worker that dies this soon after it started, before it ever listened, will not do better next time. */
const EARLY_DEATH_MS = 10_000;
let stopping = false;
let exitCodeOnStop = 0;
const startedAt = new Map();
const listened = new Set();

function fork() {
  const worker = cluster.fork();
  startedAt.set(worker.id, Date.now());
  return worker;
}

cluster.on("listening", (worker, address) => {
  listened.add(worker.id);
  console.log(`storefront cluster: worker ${worker.process.pid} listening on port ${address.port}`);
});

cluster.on("exit", (worker, code, signal) => {
  const early = !listened.has(worker.id) && Date.now() - (startedAt.get(worker.id) ?? 0) < EARLY_DEATH_MS;
  startedAt.delete(worker.id);
  listened.delete(worker.id);
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCodeOnStop);
    return;
  }
  if (early) {
    // A setting or the database refuses every start: say so once instead of forking forever.
    console.error(
      `storefront cluster: worker ${worker.process.pid} exited before listening (${signal ?? code}); stopping`,
    );
    void stopAll("its worker could not start", code || 1);
    return;
  }
  console.error(
    `storefront cluster: worker ${worker.process.pid} died (${signal ?? code}); starting another`,
  );
  fork();
});

async function stopAll(reason, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  exitCodeOnStop = exitCode;
  console.log(
    `storefront cluster: ${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`,
  );
  const workers = Object.values(cluster.workers ?? {});
  if (workers.length === 0) process.exit(exitCode);
  for (const worker of workers) worker?.process.kill("SIGTERM");
  // The workers stop within their own deadline; this one only guards against one that hangs.
  setTimeout(() => process.exit(exitCode || 1), 12_000).unref();
}

process.once("SIGTERM", () => void stopAll("SIGTERM"));
process.once("SIGINT", () => void stopAll("SIGINT"));

console.log(`storefront cluster: starting ${count} worker(s)`);
for (let i = 0; i < count; i += 1) fork();
