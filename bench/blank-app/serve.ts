// Serves the built blank page through the storefront's own host (Fastify with `hostWebBuild`, as
// apps/api/src/server.ts does), so the SSR ratio compares pages, not servers.
// Usage: node --import tsx serve.ts <port>
import path from "node:path";
import Fastify from "fastify";
import { registerCompression } from "../../apps/api/src/plugins/compression.ts";
import { hostWebBuild } from "../../apps/api/src/plugins/web-host.ts";

const port = Number(process.argv[2] ?? 3000);
const app = Fastify();
// Compressed as the storefront is, so the two pages differ in what they are, not in how they travel.
await registerCompression(app);
if (!(await hostWebBuild(app, path.join(import.meta.dirname, "build")))) {
  throw new Error("no blank-app build: run react-router build in bench/blank-app");
}
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
await app.listen({ port, host: "127.0.0.1" });
