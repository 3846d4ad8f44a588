import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { appBuild, appBuildSettings } from "./vite/app-build.ts";
import { catalogueAssets, compiledCatalogs } from "./vite/compiled-catalogs.ts";
import { eagerCommonJs } from "./vite/eager-commonjs.ts";
import { layoutChunk } from "./vite/layout-chunk.ts";
import { precompressedAssets } from "./vite/precompressed-assets.ts";
import { productionReactRouter } from "./vite/production-react-router.ts";
import { serviceWorker } from "./vite/service-worker.ts";

/** The native app's bundle rather than the server's build (see react-router.config.ts). */
const appBundle = process.env.STOREFRONT_TARGET === "app";

export default defineConfig({
  plugins: [
    ...(appBundle ? [appBuild(path.resolve(import.meta.dirname, "app"), appBuildSettings(process.env))] : []),
    compiledCatalogs(path.resolve(import.meta.dirname, "locales")),
    catalogueAssets(path.resolve(import.meta.dirname, "locales")),
    tailwindcss(),
    reactRouter(),
    productionReactRouter(),
    eagerCommonJs(),
    // The app reads its files from the device: nothing to keep offline, nothing to compress for the wire.
    ...(appBundle
      ? []
      : [
          serviceWorker({
            source: path.resolve(import.meta.dirname, "service-worker/sw.ts"),
            locales: path.resolve(import.meta.dirname, "locales"),
          }),
          precompressedAssets(),
        ]),
  ],
  resolve: {
    alias: {
      "use-sync-external-store/shim": path.resolve(import.meta.dirname, "vite/sync-external-store.ts"),
    },
  },
  build: {
    rolldownOptions: { output: { codeSplitting: layoutChunk(path.resolve(import.meta.dirname, "app")) } },
  },
  server: {
    // In development the API runs beside Vite; the browser talks to one origin.
    proxy: { "/api": { target: "http://127.0.0.1:3001", ws: true } },
  },
});
