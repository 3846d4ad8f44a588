// First-load JavaScript of each storefront page, from the built app: the entry, then each route of
// the page's chain (root, locale layout, the page) with its static imports, gzipped as served.
// The budget is DESIGN.md's: a blank React Router 7 + React 19 page (about 113 kB gzip) + 40 kB.
// Usage: npm run build && npm run page-weight -w @storefront/bench
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export const FLOOR_KB = 113;
export const BUDGET_OVER_FLOOR_KB = 40;

/** The storefront's pages and the route that renders each. */
export const storefrontPages: Array<{ page: string; routeId: string }> = [
  { page: "home (/{locale} redirects here)", routeId: "locality" },
  { page: "locality catalogue", routeId: "locality" },
  { page: "vendor page", routeId: "locality-vendor-id" },
  { page: "cart", routeId: "cart" },
  { page: "support", routeId: "support" },
  { page: "content page", routeId: "cms-slug" },
  { page: "404", routeId: "not-found" },
  { page: "account: profile", routeId: "menu-profile" },
  { page: "account: orders", routeId: "menu-orders" },
  { page: "account: order status", routeId: "menu-orders-id-status" },
  { page: "account: order details", routeId: "menu-orders-id-details" },
  { page: "account: favourites", routeId: "menu-favorites" },
];

export interface PageWeight {
  page: string;
  routeId: string;
  files: number;
  /** Gzipped (level 9) bytes of every JavaScript file the page loads first. */
  gzipBytes: number;
}

/** First-load JavaScript of each page of a React Router build (its `build/` folder). */
export async function measureFirstLoadJs(
  buildDir: string,
  pages: Array<{ page: string; routeId: string }>,
): Promise<PageWeight[]> {
  const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  const { entry, routes } = build.assets as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[]; parentId?: string }>;
  };
  const gzipBytes = new Map<string, number>();
  const gzipped = (url: string): number => {
    let size = gzipBytes.get(url);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(buildDir, "client", url)), { level: 9 }).length;
      gzipBytes.set(url, size);
    }
    return size;
  };
  const chain = (routeId: string): string[] => {
    const ids: string[] = [];
    for (let id: string | undefined = routeId; id; id = routes[id]?.parentId) ids.unshift(id);
    return ids;
  };
  return pages.map(({ page, routeId }) => {
    const files = new Set([entry.module, ...entry.imports]);
    for (const id of chain(routeId)) {
      const route = routes[id];
      if (!route) continue;
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
    return { page, routeId, files: files.size, gzipBytes: bytes };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budgetKb = FLOOR_KB + BUDGET_OVER_FLOOR_KB;
  const weights = await measureFirstLoadJs(
    path.resolve(import.meta.dirname, "../apps/web/build"),
    storefrontPages,
  );
  console.log(
    "page".padEnd(34),
    "route".padEnd(22),
    "JS files".padStart(8),
    "gzip kB".padStart(9),
    "budget".padStart(8),
  );
  let over = 0;
  for (const { page, routeId, files, gzipBytes } of weights) {
    const kb = gzipBytes / 1024;
    if (kb > budgetKb) over++;
    console.log(
      page.padEnd(34),
      routeId.padEnd(22),
      String(files).padStart(8),
      kb.toFixed(1).padStart(9),
      `${kb <= budgetKb ? "ok" : "OVER"} ${budgetKb}`.padStart(8),
    );
  }
  console.log(over === 0 ? `every page within ${budgetKb} kB` : `${over} page(s) over ${budgetKb} kB`);
}
