// A page's main thread on a first visit: Chromium's own trace of each load in a fresh context (a new
// renderer, as a visitor's first page has), at a phone's viewport and a slowed CPU, and the time its
// tasks after the first contentful paint spent past 50 ms each (what Lighthouse's TBT sums, here
// measured rather than simulated). Lighthouse's runs on a two-core machine move by hundreds of ms
// from run to run; many short loads show a change of a few tens of ms. The blocking time is also
// told apart by what the long tasks did (style and layout, scripts' loading, script calls, HTML).
// Usage: npm run main-thread -w @storefront/bench -- [--target /en/riga] [--loads 7] [--cpu 4]
//   [--url http://…] (a storefront already running, instead of one started on a fresh PGlite)
//   [--with-order]: as a signed-in customer with an order just placed; `{orderId}` in the target is
//   its id (`--target /en/menu/orders/{orderId}/status --with-order`, the page watched while it comes)
//   [--with-cart]: as a visitor with a filled cart (`--target /en/cart --with-cart`)
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import puppeteer from "puppeteer-core";
import { browserCookies, customerWithOrder, visitorWithCart } from "./demo-visitors.ts";
import { CHROME_FLAGS, median } from "./lighthouse-runs.ts";
import { buildStorefront, type ServerProcess, startStorefront } from "./server-processes.ts";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "/en/riga" },
    url: { type: "string" },
    loads: { type: "string", default: "7" },
    cpu: { type: "string", default: "4" },
    "with-order": { type: "boolean", default: false },
    "with-cart": { type: "boolean", default: false },
  },
});
// One visitor per load: a customer with an order, or a visitor with a cart, not both.
if (values["with-order"] && values["with-cart"]) {
  console.error("--with-order and --with-cart name two visitors: choose one");
  process.exit(2);
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

const LONG_TASK_MS = 50;

/** What a task's own steps did, by the trace's names of them (the rest is "other"). */
const WORK_OF: Record<string, string> = {
  UpdateLayoutTree: "style and layout",
  Layout: "style and layout",
  PrePaint: "style and layout",
  Paint: "style and layout",
  Layerize: "style and layout",
  Commit: "style and layout",
  EvaluateScript: "scripts' loading",
  "v8.compile": "scripts' loading",
  "v8.compileModule": "scripts' loading",
  "v8.evaluateModule": "scripts' loading",
  FunctionCall: "script calls",
  "v8.callFunction": "script calls",
  RunMicrotasks: "script calls",
  TimerFire: "script calls",
  EventDispatch: "script calls",
  FireAnimationFrame: "script calls",
  ParseHTML: "HTML",
};
const WORKS = ["style and layout", "scripts' loading", "script calls", "HTML", "other"];

interface LoadFigures {
  blockingMs: number;
  longestMs: number;
  /** The blocking time shared out by what each long task spent its time on. */
  blockingBy: Map<string, number>;
}

/** The renderer main thread that ran the most tasks: the page's, not about:blank's. */
function pageThread(events: TraceEvent[]): { pid: number; tid: number } {
  const mains = new Set(
    events
      .filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`;
    if (event.name === "RunTask" && mains.has(key)) busy.set(key, (busy.get(key) ?? 0) + (event.dur ?? 0));
  }
  const [key] = [...busy].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!key) throw new Error("the trace has no renderer main thread");
  const [pid, tid] = key.split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/** A task's time by what its outermost steps did, in µs. */
function workOf(task: TraceEvent, steps: TraceEvent[]): Map<string, number> {
  const work = new Map<string, number>();
  let coveredUntil = task.ts;
  for (const step of steps) {
    // Steps come in order of start: one inside an earlier one is already counted with it.
    if (step.ts < coveredUntil) continue;
    const kind = WORK_OF[step.name] ?? "other";
    work.set(kind, (work.get(kind) ?? 0) + (step.dur ?? 0));
    coveredUntil = step.ts + (step.dur ?? 0);
  }
  const counted = [...work.values()].reduce((sum, us) => sum + us, 0);
  work.set("other", (work.get("other") ?? 0) + Math.max(0, (task.dur ?? 0) - counted));
  return work;
}

/** Blocking time after the first contentful paint, what it went on, and the longest task then, in ms. */
function blockingAfterFirstPaint(events: TraceEvent[]): LoadFigures {
  const { pid, tid } = pageThread(events);
  const paint = events.find((event) => event.name === "firstContentfulPaint" && event.pid === pid);
  if (!paint) throw new Error("the page has no first contentful paint in the trace");
  const thread = events
    .filter((event) => event.ph === "X" && event.pid === pid && event.tid === tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks = thread.filter((event) => event.name === "RunTask" && event.ts >= paint.ts);
  const blockingBy = new Map<string, number>();
  let blockingMs = 0;
  for (const task of tasks) {
    const ms = (task.dur ?? 0) / 1000;
    if (ms <= LONG_TASK_MS) continue;
    blockingMs += ms - LONG_TASK_MS;
    const end = task.ts + (task.dur ?? 0);
    const steps = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts < end);
    for (const [kind, us] of workOf(task, steps))
      blockingBy.set(kind, (blockingBy.get(kind) ?? 0) + ((ms - LONG_TASK_MS) * us) / (task.dur ?? 1));
  }
  return { blockingMs, longestMs: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)), blockingBy };
}

const loads = Number(values.loads);
const cpu = Number(values.cpu);
if (!Number.isInteger(loads) || loads < 1)
  throw new Error(`--loads: a whole number from 1, not ${values.loads}`);
if (!(cpu >= 1)) throw new Error(`--cpu: a slowdown of 1 or more, not ${values.cpu}`);

let storefront: ServerProcess | undefined;
if (!values.url) {
  buildStorefront();
  storefront = await startStorefront();
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  // Started as the bench's Lighthouse runs start it (without the address bar's unshown popups).
  chromeFlags: CHROME_FLAGS,
  ignoreDefaultFlags: true,
});
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const base = values.url ?? storefront!.url;
  const visitor = values["with-order"] ? await customerWithOrder(base) : null;
  const url = `${base}${values.target.replace("{orderId}", String(visitor?.orderId ?? ""))}`;
  const cartCookie = values["with-cart"] ? await visitorWithCart(base) : "";
  const cookies = browserCookies(visitor?.cookie ?? cartCookie, base);
  const results: LoadFigures[] = [];
  for (let load = 0; load < loads; load++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    if (cookies.length > 0) await page.setCookie(...cookies);
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    const session = await page.createCDPSession();
    await session.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await page.tracing.start({
      categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute"],
    });
    await page.goto(url, { waitUntil: "networkidle0" });
    const trace = await page.tracing.stop();
    const { traceEvents } = JSON.parse(Buffer.from(trace!).toString("utf8")) as { traceEvents: TraceEvent[] };
    results.push(blockingAfterFirstPaint(traceEvents));
    await context.close();
  }
  await browser.disconnect();
  const list = (pick: (result: (typeof results)[number]) => number) =>
    results
      .map(pick)
      .sort((a, b) => a - b)
      .map((ms) => ms.toFixed(0))
      .join(", ");
  console.log(`${url}: ${results.length} first visits, CPU ${cpu}× slower`);
  console.log(
    `  blocking after the first paint: median ${median(results.map((r) => r.blockingMs)).toFixed(0)} ms (${list((r) => r.blockingMs)})`,
  );
  console.log(
    `  of it (medians): ${WORKS.map((kind) => `${kind} ${median(results.map((r) => r.blockingBy.get(kind) ?? 0)).toFixed(0)} ms`).join(", ")}`,
  );
  console.log(
    `  longest task after it: median ${median(results.map((r) => r.longestMs)).toFixed(0)} ms (${list((r) => r.longestMs)})`,
  );
} finally {
  chrome.kill();
  await storefront?.stop();
}
