import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * The browser's bundle gets React Router's production build. Its package exports only
 * `dist/development` (remix-run/react-router#14102, open since 7.0.2): code identical but for
 * `ENABLE_DEV_WARNINGS = true`, which keeps the developer warnings' checks and texts in every page's
 * scripts and runs them while the page hydrates. The server's build keeps the package as Node
 * resolves it: `@react-router/node` imports it there too, and two copies would not share a router.
 */
export function productionReactRouter(): Plugin {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
    "dist",
    "production",
  );
  return {
    name: "storefront:production-react-router",
    apply: "build",
    config: (_config, env) =>
      env.isSsrBuild
        ? {}
        : {
            resolve: {
              alias: [
                { find: /^react-router$/, replacement: path.join(dist, "index.mjs") },
                { find: /^react-router\/dom$/, replacement: path.join(dist, "dom-export.mjs") },
              ],
            },
          },
  };
}
