// npm start: build the web app when its build is missing or older than its sources, then run the
// API process, which applies migrations, seeds an empty database and serves the built storefront.
import path from "node:path";
import { ensureWebBuild, root } from "./web-build.mjs";

ensureWebBuild();

// One process: TypeScript is compiled on load by tsx, so a signal to this PID stops the server.
const { register } = await import("tsx/esm/api");
register();
await import(path.join(root, "apps/api/src/server.ts"));
