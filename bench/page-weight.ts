// First-load JavaScript of each storefront page, from the built app: the entry, then each route of
// the page's chain (root, locale layout, the page) with its static imports, gzipped as served.
// The budget is DESIGN.md's: a blank React Router 7 + React 19 page (about 113 kB gzip) + 40 kB.
// Usage: npm run build && npm run page-weight -w @storefront/bench
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const webBuild = path.resolve(import.meta.dirname, "../apps/web/build");
const build = await import(pathToFileURL(path.join(webBuild, "server/index.js")).href);
const { entry, routes } = build.assets as {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
};

const FLOOR_KB = 113;
const BUDGET_KB = FLOOR_KB + 40;

const gzipBytes = new Map<string, number>();
function gzipped(url: string): number {
  let size = gzipBytes.get(url);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(webBuild, "client", url)), { level: 9 }).length;
    gzipBytes.set(url, size);
  }
  return size;
}

function chain(routeId: string): string[] {
  const ids: string[] = [];
  for (let id: string | undefined = routeId; id; id = routes[id]?.parentId) ids.unshift(id);
  return ids;
}

const pages: Array<[string, string]> = [
  ["home (/{locale} redirects here)", "locality"],
  ["locality catalogue", "locality"],
  ["vendor page", "locality-vendor-id"],
  ["cart", "cart"],
  ["support", "support"],
  ["content page", "cms-slug"],
  ["404", "not-found"],
  ["account: profile", "menu-profile"],
  ["account: orders", "menu-orders"],
  ["account: order status", "menu-orders-id-status"],
  ["account: order details", "menu-orders-id-details"],
  ["account: favourites", "menu-favorites"],
];

console.log(
  "page".padEnd(34),
  "route".padEnd(22),
  "JS files".padStart(8),
  "gzip kB".padStart(9),
  "budget".padStart(8),
);
let over = 0;
for (const [page, routeId] of pages) {
  const files = new Set([entry.module, ...entry.imports]);
  for (const id of chain(routeId)) {
    const route = routes[id];
    if (!route) continue;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  const kb = [...files].reduce((sum, file) => sum + gzipped(file), 0) / 1024;
  if (kb > BUDGET_KB) over++;
  console.log(
    page.padEnd(34),
    routeId.padEnd(22),
    String(files.size).padStart(8),
    kb.toFixed(1).padStart(9),
    `${kb <= BUDGET_KB ? "ok" : "OVER"} ${BUDGET_KB}`.padStart(8),
  );
}
console.log(over === 0 ? `every page within ${BUDGET_KB} kB` : `${over} page(s) over ${BUDGET_KB} kB`);
