import type { Config } from "@react-router/dev/config";

/**
 * Two builds of the same routes: the storefront rendered on the server, and (STOREFRONT_TARGET=app)
 * the native app's own bundle, a single-page build whose loaders run in the app's webview and reach
 * the API with a bearer token (see vite/app-build.ts and docs/native.md).
 */
const appBundle = process.env.STOREFRONT_TARGET === "app";

export default {
  appDirectory: "app",
  ssr: !appBundle,
  buildDirectory: appBundle ? "build-app" : "build",
  // Navigation rules run as server middleware before any loader.
  future: { v8_middleware: true },
  // The page carries the whole route manifest (about 2 kB compressed), so the browser never asks
  // /__manifest about every link it shows.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
