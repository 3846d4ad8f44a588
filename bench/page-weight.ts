// First-load JavaScript of each storefront page, from the built app: the entry, then each route of
// the page's chain (root, locale layout, the page) with its static imports, gzipped as served.
// The budget is DESIGN.md's: a blank React Router 7 + React 19 page (about 113 kB gzip) + 40 kB.
// And the courier app's (its own single-page build), within issue 40's 120 kB.
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

/** The courier app's budget (issue 40): its first load in JavaScript, gzip. */
export const COURIER_BUDGET_KB = 120;

/** A Vite single-page build's language catalogues (virtual:catalog/xx), one of which loads before its first screen. */
const CATALOGUE_CHUNK = /^(ar|bg|en|es|fr|it|lv|mg|pt|ru|uk)-[\w-]+\.js$/;

/**
 * First-load JavaScript of a Vite single-page build (the courier app's `build/`): the page's module
 * script and the modules it preloads, plus the largest language catalogue, which the app loads
 * before drawing its first screen. Lazy chunks (the offer's map) are not counted.
 */
export function measureSinglePageFirstLoadJs(buildDir: string, page: string): PageWeight {
  const html = fs.readFileSync(path.join(buildDir, "index.html"), "utf8");
  const scripts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="[^"]*\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="[^"]*\/(assets\/[^"]+\.js)"/g),
  ].map((match) => match[1] as string);
  const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(buildDir, file)), { level: 9 }).length;
  const catalogues = fs
    .readdirSync(path.join(buildDir, "assets"))
    .filter((name) => CATALOGUE_CHUNK.test(name))
    .map((name) => gzipped(`assets/${name}`));
  const bytes = scripts.reduce((sum, file) => sum + gzipped(file), 0) + Math.max(0, ...catalogues);
  return {
    page,
    routeId: "index.html",
    files: scripts.length + (catalogues.length > 0 ? 1 : 0),
    gzipBytes: bytes,
  };
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
  const courier = measureSinglePageFirstLoadJs(
    path.resolve(import.meta.dirname, "../apps/courier/build"),
    "courier app (/courier/)",
  );
  const courierKb = courier.gzipBytes / 1024;
  console.log(
    courier.page.padEnd(34),
    courier.routeId.padEnd(22),
    String(courier.files).padStart(8),
    courierKb.toFixed(1).padStart(9),
    `${courierKb <= COURIER_BUDGET_KB ? "ok" : "OVER"} ${COURIER_BUDGET_KB}`.padStart(8),
  );
}
