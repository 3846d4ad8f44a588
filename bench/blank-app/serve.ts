// Serves the built blank page through the storefront's own host (Fastify with `hostWebBuild`, as
// apps/api/src/server.ts does), so the SSR ratio compares pages, not servers.
// Usage: node --import tsx serve.ts <port>
import path from "node:path";
import cookie from "@fastify/cookie";
import Fastify from "fastify";
import { ReadCache } from "../../apps/api/src/catalogue/read-cache.ts";
import type { AppMetrics } from "../../apps/api/src/observability/metrics.ts";
import { registerCompression } from "../../apps/api/src/plugins/compression.ts";
import { hostWebBuild } from "../../apps/api/src/plugins/web-host.ts";
import type { AppServices } from "../../apps/api/src/services.ts";

const port = Number(process.argv[2] ?? 3000);
const app = Fastify();
// Compressed as the storefront is, so the two pages differ in what they are, not in how they travel.
await registerCompression(app);
await app.register(cookie);
// What the host asks of the API's services: one partner on every host, and a page cache that keeps
// nothing, so the blank page is rendered for every request, as the bench's reference.
const publicUrl = `http://127.0.0.1:${port}`;
const services: Pick<AppServices, "partnerHosts" | "pageCache" | "now" | "publicUrl"> = {
  partnerHosts: {
    partnerCodeOf: async () => "blank",
    storefrontOriginOf: async () => publicUrl,
  } as unknown as AppServices["partnerHosts"],
  pageCache: new ReadCache({ maxBytes: 0, maxEntries: 0, maxAgeMs: 0 }),
  now: () => new Date(),
  publicUrl,
};
app.decorate("services", services as AppServices);
// The figures the host gives (its pages' turns) go nowhere here.
app.decorate("metrics", { countPageTurnsWith: () => {} } as unknown as AppMetrics);
if (!(await hostWebBuild(app, path.join(import.meta.dirname, "build")))) {
  throw new Error("no blank-app build: run react-router build in bench/blank-app");
}
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: "127.0.0.1" });
