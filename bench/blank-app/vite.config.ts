import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { precompressedAssets } from "../../apps/web/vite/precompressed-assets.ts";

// The storefront's build steps that are about delivery, not content: its assets precompressed.
export default defineConfig({ plugins: [reactRouter(), precompressedAssets()] });
