// npm run bench:soak: two storefront processes on one PostgreSQL database and one Redis, as a
// deployment behind a load balancer runs them, under simulated shoppers for minutes on end (browse,
// cart, sign in, order, track; bench/soak-shopper.ts). Reports each step's errors (goal 0) and
// latencies, and the processes' memory over time (goal: flat). Not part of `npm test`.
// Usage: npm run bench:soak [-- --minutes 10 --shoppers 40 --markdown --port 3450 --sample-seconds 30
//   --warm-up-minutes 2]
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: used only to create a
// database of the soak's own, dropped at the end), REDIS_URL (default redis://127.0.0.1:6379).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type OrderableDish, orderableDishes } from "./demo-visitors.ts";
import { describeMachine } from "./machine.ts";
import { cpuMsOf, residentBytesOf } from "./process-stats.ts";
import { finishReport, judged, machineSection, type Section } from "./report.ts";
import { createScratchDatabase } from "./scratch-database.ts";
import {
  buildStorefront,
  type ServerProcess,
  startStorefront,
  storefrontBuildDir,
} from "./server-processes.ts";
import {
  flatnessSection,
  type ProcessSample,
  type Sample,
  type StepTally,
  stepsSection,
  timelineSection,
} from "./soak-figures.ts";
import { runShopper, STEPS, type Step } from "./soak-shopper.ts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    shoppers: { type: "string", default: "40" },
    markdown: { type: "boolean", default: false },
    port: { type: "string", default: "3450" },
    "sample-seconds": { type: "string", default: "30" },
    /** Default: a fifth of the run. */
    "warm-up-minutes": { type: "string" },
  },
});
const minutes = Number(values.minutes);
const shoppers = Number(values.shoppers);
const firstPort = Number(values.port);
const sampleSeconds = Number(values["sample-seconds"]);
const warmUpSeconds = values["warm-up-minutes"] ? Number(values["warm-up-minutes"]) * 60 : minutes * 12;
if (!(minutes > 0 && shoppers >= 1 && shoppers <= 999 && sampleSeconds >= 1 && firstPort > 0)) {
  throw new Error("expected --minutes > 0, --shoppers from 1 to 999, --sample-seconds ≥ 1 and a --port");
}
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PROCESSES = ["A", "B"];
/** Progress goes to stderr, so `--markdown > soak.md` keeps only the tables. */
const progress = (message: string) => console.error(`[soak] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const machine = machineSection(describeMachine(process.env.CHROME_PATH ?? "/usr/bin/chromium"));
machine.rows = machine.rows.filter(([name]) => name !== "Chromium");

if (!fs.existsSync(path.join(storefrontBuildDir, "server/index.js"))) {
  progress("building the storefront (npm run build)");
  buildStorefront();
}

const scratch = await createScratchDatabase(databaseUrl, "storefront_soak");
// One data folder for both: the demo secrets (ops keys) and the pictures are the installation's, not a process's.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-soak-"));
/** The one address visitors reach both processes by, as behind a load balancer: the first's. */
const publicUrl = `http://127.0.0.1:${firstPort}`;
const servers: ServerProcess[] = [];
const sections: Section[] = [machine];
let deadline = Number.POSITIVE_INFINITY;
// Ctrl-C (or a kill) ends the run early but still reports, stops the processes and drops the database.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    progress(`${signal}: finishing the steps under way`);
    deadline = Date.now();
  });
}

try {
  for (const [index, name] of PROCESSES.entries()) {
    // One after the other: the first seeds the empty database, the second finds it seeded.
    progress(`starting process ${name} on port ${firstPort + index}`);
    servers.push(
      await startStorefront({
        port: firstPort + index,
        memoryProbe: true,
        env: {
          DATABASE_URL: scratch.url,
          REDIS_URL: redisUrl,
          DATA_DIR: dataDir,
          PUBLIC_URL: publicUrl,
          // The bench stands where the load balancer would: each customer's address comes in X-Forwarded-For.
          TRUST_PROXY: "127.0.0.1",
          INVOICE_LINK_SECRET: randomBytes(32).toString("base64url"),
        },
      }),
    );
  }
  const dishes: OrderableDish[] = [];
  for await (const dish of orderableDishes(servers[0]!.url)) dishes.push(dish);
  if (dishes.length === 0) throw new Error("no open Riga restaurant delivers now: the shoppers cannot order");

  progress(`${shoppers} shoppers for ${minutes} min, ordering from ${dishes.length} restaurant(s)`);
  const tallies = new Map<Step, StepTally>(STEPS.map((step) => [step, { step, durations: [], errors: 0 }]));
  const firstErrors: string[] = [];
  let requests = 0;
  let errors = 0;
  const startedAt = Date.now();
  deadline = Math.min(deadline, startedAt + minutes * 60_000);
  const sampler = sampleOverTime(() => ({ requests, errors }), startedAt);
  // The shoppers arrive over the first half minute (at most a tenth of the run), not all at once.
  const rampMs = Math.min(30_000, minutes * 6_000);
  await Promise.all(
    Array.from({ length: shoppers }, async (_, index) => {
      await sleep((index * rampMs) / shoppers);
      await runShopper({
        index,
        servers: servers.map((server) => server.url),
        publicUrl,
        dishes,
        deadline: () => deadline,
        onRequest: () => {
          requests += 1;
        },
        record(step, ms, error) {
          const tally = tallies.get(step)!;
          if (error === undefined) return void tally.durations.push(ms);
          tally.errors += 1;
          errors += 1;
          if (firstErrors.length < 8)
            firstErrors.push(`${((Date.now() - startedAt) / 60_000).toFixed(1)} min, ${step}: ${error}`);
        },
      });
    }),
  );
  const { samples, exited } = await sampler.stop();
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  const orders = tallies.get("place cash order")!.durations.length;
  sections.push({
    title: "Soak",
    columns: ["", ""],
    rows: [
      [
        "duration",
        `${(elapsedSeconds / 60).toFixed(1)} min, ${shoppers} shoppers (a pause of 0.5-2 s before each step)`,
      ],
      [
        "processes",
        servers.map((server, i) => `${PROCESSES[i]}: ${server.url} (pid ${server.pid})`).join(", "),
      ],
      ["stores", `PostgreSQL (a fresh database, dropped after), Redis ${redisUrl}, one DATA_DIR`],
      [
        "requests",
        `${requests} (${(requests / elapsedSeconds).toFixed(1)}/s), each to the next process in turn`,
      ],
      ["orders placed", `${orders}, from ${dishes.length} open restaurant(s)`],
      ["processes that exited (none)", judged(exited ?? "none", exited === null)],
    ],
    notes: [],
    leftAligned: true,
  });
  sections.push(stepsSection([...tallies.values()], firstErrors));
  sections.push(timelineSection(samples, PROCESSES));
  sections.push(flatnessSection(samples, PROCESSES, warmUpSeconds));
  sections.push(logSection(servers));
} catch (error) {
  sections.push({
    title: "Soak",
    columns: ["", ""],
    rows: [[`failed: ${error instanceof Error ? error.message : String(error)}`, ""]],
    notes: [],
  });
  process.exitCode = 1;
} finally {
  for (const server of servers.toReversed()) await server.stop();
  await scratch.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(finishReport(sections, values.markdown));

/**
 * Every `sampleSeconds` (and at the start and the end): each process's resident memory and CPU share,
 * its heap after a full garbage collection, and the shoppers' requests and errors since the last.
 */
function sampleOverTime(counters: () => { requests: number; errors: number }, startedAt: number) {
  const samples: Sample[] = [];
  let last = { at: performance.now(), cpu: servers.map((server) => cpuMsOf(server.pid)), ...counters() };
  /** The first process found gone: the run goes on (its requests fail), the sampling stops. */
  let exited: string | null = null;
  const take = async () => {
    if (exited) return;
    const gone = servers.findIndex((server) => !fs.existsSync(`/proc/${server.pid}/stat`));
    if (gone !== -1) {
      // Its last lines say whether it crashed (a stack) or was killed (nothing).
      const lastLines = fs
        .readFileSync(path.join(servers[gone]!.dir, "server.log"), "utf8")
        .trimEnd()
        .split("\n")
        .slice(-3)
        .join(" | ");
      exited = `${PROCESSES[gone]} by ${((Date.now() - startedAt) / 60_000).toFixed(1)} min, its log ending: ${lastLines.slice(-400)}`;
      return;
    }
    const at = performance.now();
    const seconds = (at - last.at) / 1000;
    const cpu = servers.map((server) => cpuMsOf(server.pid));
    const rss = servers.map((server) => residentBytesOf(server.pid));
    // The probe's garbage collection comes after the RSS and CPU reads, so neither includes it.
    const usage = await Promise.all(
      servers.map((server) => Promise.race([server.memory(), sleep(10_000).then(() => null)])),
    );
    const now = counters();
    const processes: ProcessSample[] = servers.map((_, i) => ({
      rssBytes: rss[i]!,
      heapBytes: usage[i]?.heapUsed ?? null,
      cpuPercent: seconds > 0 ? (cpu[i]! - last.cpu[i]!) / 10 / seconds : 0,
    }));
    samples.push({
      atSeconds: (Date.now() - startedAt) / 1000,
      processes,
      requestsPerSecond: seconds > 0 ? (now.requests - last.requests) / seconds : 0,
      errors: now.errors - last.errors,
      load: os.loadavg()[0]!,
    });
    last = { at, cpu, ...now };
  };
  let running = true;
  const loop = (async () => {
    await take();
    while (running) {
      const wait = startedAt + samples.length * sampleSeconds * 1000 - Date.now();
      await sleep(Math.max(0, Math.min(wait, 1000)));
      if (running && Date.now() >= startedAt + samples.length * sampleSeconds * 1000) await take();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      // The end, unless the last sample was just taken: a short interval's rates say little.
      const sinceLast = (Date.now() - startedAt) / 1000 - (samples.at(-1)?.atSeconds ?? 0);
      if (sinceLast >= sampleSeconds / 2) await take();
      return { samples, exited };
    },
  };
}

/** What each process wrote to its log at warning level and above, and its 5xx answers. */
function logSection(processes: ServerProcess[]): Section {
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const [index, server] of processes.entries()) {
    let warnings = 0;
    let failures = 0;
    let serverErrors = 0;
    // The last piece may be a line still being written: only whole lines are read.
    const lines = fs.readFileSync(path.join(server.dir, "server.log"), "utf8").split("\n").slice(0, -1);
    for (const line of lines) {
      if (!line.startsWith("{")) continue;
      const entry = JSON.parse(line) as { level?: number; msg?: string; res?: { statusCode?: number } };
      if ((entry.res?.statusCode ?? 0) >= 500) serverErrors += 1;
      if ((entry.level ?? 0) >= 50) {
        failures += 1;
        if (notes.length < 6) notes.push(`${PROCESSES[index]}: ${(entry.msg ?? line).slice(0, 200)}`);
      } else if ((entry.level ?? 0) >= 40) warnings += 1;
    }
    rows.push([
      PROCESSES[index]!,
      String(warnings),
      judged(String(failures), failures === 0),
      String(serverErrors),
    ]);
  }
  return { title: "Server logs", columns: ["process", "warnings", "errors (0)", "5xx answers"], rows, notes };
}
