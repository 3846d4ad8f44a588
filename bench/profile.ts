// Profile first: the storefront under load with V8's sampling profiler (node --cpu-prof), then the
// functions and packages that took its CPU time during the load.
// Usage: npm run profile -w @storefront/bench -- [--target /en/riga] [--seconds 15] [--connections 50]
//   [--with-cart]: as a visitor with a filled cart, whose pages are rendered for them; without it an
//   anonymous visitor is served the page kept for everyone (apps/api/src/plugins/page-cache.ts);
//   `{cartId}` in the target is that cart's id (`--target /api/carts/{cartId} --with-cart`).
// With DATABASE_URL set, the storefront runs on that PostgreSQL database instead of embedded PGlite.
// An /api target is sent as the storefront sends it (X-Partner-Code: demo). The .cpuprofile is kept
// (its path is printed) for Chromium's DevTools.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type CpuProfile, summariseCpuProfile, type TimedEntry } from "./cpu-profile.ts";
import { visitorWithCart } from "./demo-visitors.ts";
import { buildStorefront, startStorefront } from "./server-processes.ts";
import { measureLoad } from "./ssr-throughput.ts";

const { values } = parseArgs({
  options: {
    target: { type: "string", default: "/en/riga" },
    seconds: { type: "string", default: "15" },
    connections: { type: "string", default: "50" },
    top: { type: "string", default: "10" },
    "with-cart": { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-profile-"));

buildStorefront();
const storefront = await startStorefront({
  nodeOptions: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
let load: Awaited<ReturnType<typeof measureLoad>>;
try {
  const cookie = values["with-cart"] ? await visitorWithCart(storefront.url) : undefined;
  const cartId = /cartId=([^;]+)/.exec(cookie ?? "")?.[1] ?? "";
  const target = values.target.replace("{cartId}", cartId);
  load = await measureLoad(
    { name: target, url: `${storefront.url}${target}`, ...(cookie ? { cookie } : {}) },
    {
      seconds,
      connections: Number(values.connections),
      warmUpSeconds: 3,
      headers: values.target.startsWith("/api")
        ? { "X-Partner-Code": "demo", Accept: "application/json" }
        : {},
    },
  );
} finally {
  // The profile is written when the process exits.
  await storefront.stop();
}
const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
if (!file) throw new Error(`no .cpuprofile in ${profileDir}`);
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
// The last seconds of the profile are the measured load (and the stop): not the start and the seed.
const summary = summariseCpuProfile(profile, { windowSeconds: seconds + 1, count: Number(values.top) });

const show = (title: string, entries: TimedEntry[]) => {
  console.log(`\n${title}`);
  for (const entry of entries) {
    console.log(
      `${(entry.share * 100).toFixed(1).padStart(6)}%  ${entry.ms.toFixed(0).padStart(7)} ms  ${entry.name}`,
    );
  }
};
console.log(
  `${values.target}: ${load.requestsPerSecond.toFixed(1)} req/s, p50 ${load.p50} ms, p99 ${load.p99} ms, ` +
    `${load.non2xx} non-2xx, ${load.errors} errors, ${values.connections} connections, ${seconds} s`,
);
console.log(
  `profile: ${path.join(profileDir, file)} (${summary.totalMs.toFixed(0)} ms sampled in the load window)`,
);
show("self time by package", summary.byPackage);
show("self time by function", summary.self);
show("total time by function (outside Node.js internals)", summary.total);
show("total time of the workspace's own functions", summary.ownTotal);
