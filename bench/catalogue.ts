// Load benchmark of the public catalogue: boots the API on a fresh in-memory database, then drives
// each endpoint from loopback for a few seconds and prints requests per second and latencies.
// Usage: npm run catalogue -w @storefront/bench [-- --seconds 5 --connections 20]
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { buildApp } from "../apps/api/src/app.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { makeDemoSecrets } from "../apps/api/src/seed/demo-secrets.ts";
import { seedDemoData } from "../apps/api/src/seed/seed.ts";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "5" }, connections: { type: "string", default: "20" } },
});
const mediaDir = path.join(os.tmpdir(), "storefront-test-media");
const database = await openDatabase({ dataDir: null, databaseUrl: process.env.DATABASE_URL });
await seedDemoData(database.db, { mediaDir, secrets: makeDemoSecrets() });
const app = await buildApp({ config: { mediaDir, logLevel: "silent" }, database });
const address = await app.listen({ port: 0, host: "127.0.0.1" });

const vendors = await (
  await fetch(`${address}/api/public/localities/riga/vendors`, { headers: { "X-Partner-Code": "demo" } })
).json();
const vendorId = vendors.content[0].id;
const targets = [
  "/api/public/localities",
  "/api/public/localities/riga/params",
  "/api/public/localities/riga/categories",
  "/api/public/localities/riga/vendors",
  "/api/public/localities/riga/vendors?latitude=56.95&longitude=24.11&page=2",
  "/api/public/localities/riga/vendors?searchString=pica",
  `/api/vendors/${vendorId}`,
  `/api/vendors/${vendorId}/catalogue`,
];

console.log(
  `catalogue benchmark: ${values.seconds}s per route, ${values.connections} connections, ${os.cpus().length} cores`,
);
console.log("route".padEnd(72), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8));
for (const target of targets) {
  const result = await autocannon({
    url: `${address}${target}`,
    headers: { "X-Partner-Code": "demo", "Accept-Language": "en" },
    connections: Number(values.connections),
    duration: Number(values.seconds),
  });
  console.log(
    target.padEnd(72),
    result.requests.average.toFixed(0).padStart(8),
    String(result.latency.p50).padStart(8),
    String(result.latency.p99).padStart(8),
    result.non2xx ? ` (${result.non2xx} non-2xx)` : "",
  );
}
await app.close();
await database.close();
