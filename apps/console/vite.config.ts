import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
// The storefront's build steps, shared: compiled message catalogues, precompressed assets, and React
// Router's production build in the browser.
import { compiledCatalogs } from "../web/vite/compiled-catalogs.ts";
import { eagerCommonJs } from "../web/vite/eager-commonjs.ts";
import { precompressedAssets } from "../web/vite/precompressed-assets.ts";
import { productionReactRouter } from "../web/vite/production-react-router.ts";

export default defineConfig({
  base: "/console/",
  plugins: [
    compiledCatalogs(path.resolve(import.meta.dirname, "locales")),
    tailwindcss(),
    reactRouter(),
    productionReactRouter(),
    eagerCommonJs(),
    precompressedAssets(),
  ],
  server: {
    // In development the API runs beside Vite; the browser talks to one origin.
    proxy: { "/api": { target: "http://127.0.0.1:3001", ws: true } },
  },
});
