import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressedAssets } from "../../apps/web/vite/precompressed-assets.ts";
import { productionReactRouter } from "../../apps/web/vite/production-react-router.ts";

// The storefront's build steps that are about delivery, not content: its assets precompressed, and
// React Router's production build in the browser, as the storefront gets it (the floor compares like
// with like).
export default defineConfig({ plugins: [reactRouter(), productionReactRouter(), precompressedAssets()] });
