import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
// The storefront's build steps, shared: compiled message catalogues, the service worker's build and
// precompressed assets.
import { compiledCatalogs } from "../web/vite/compiled-catalogs.ts";
import { eagerCommonJs } from "../web/vite/eager-commonjs.ts";
import { precompressedAssets } from "../web/vite/precompressed-assets.ts";
import { serviceWorker } from "../web/vite/service-worker.ts";

/**
 * The courier app: a single page under /courier/ with no router (its screens are a state machine),
 * hosted by the API on each partner's host (apps/api/src/plugins/courier-host.ts).
 */
export default defineConfig({
  base: "/courier/",
  build: { outDir: "build", emptyOutDir: true },
  plugins: [
    compiledCatalogs(path.resolve(import.meta.dirname, "locales")),
    tailwindcss(),
    eagerCommonJs(),
    serviceWorker({ source: path.resolve(import.meta.dirname, "service-worker/sw.ts"), base: "/courier/" }),
    precompressedAssets(),
  ],
  server: {
    // In development the API runs beside Vite; the browser talks to one origin.
    proxy: { "/api": { target: "http://127.0.0.1:3001" } },
  },
});
