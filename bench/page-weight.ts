// First-load JavaScript of each storefront page, from the built app: the entry, then each route of
// the page's chain (root, locale layout, the page) with its static imports, gzipped as served.
// The budget is DESIGN.md's: a blank React Router 7 + React 19 page + 40 kB, the blank page measured
// as the bench builds it (DESIGN.md's "about 113 kB" was an estimate).
// And the courier app's (its own single-page build), within issue 40's 120 kB.
// Usage: npm run build && npm run page-weight -w @storefront/bench
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The blank React Router 7 + React 19 page as `npm run bench -- --only weight` builds it
 * (bench/blank-app, with the storefront's React and router, the router's production build in the
 * browser) and measures it here: 105.7 kB on 2026-12-02. The bench says when it no longer is.
 */
export const FLOOR_KB = 105.7;
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

/** A React Router build's manifest: the entry, and each route's module with what it imports. */
export interface RouterManifest {
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    { module: string; imports?: string[]; parentId?: string; hasDefaultExport?: boolean }
  >;
}

/** The manifest of a server-rendered build (the storefront's `build/`), from its server bundle. */
export async function serverBuildManifest(buildDir: string): Promise<RouterManifest> {
  const build = await import(pathToFileURL(path.join(buildDir, "server/index.js")).href);
  return build.assets as RouterManifest;
}

/** The manifest of a single-page build (the console's `build/client`), from the script it ships. */
export function singlePageBuildManifest(clientDir: string): RouterManifest {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}`);
  const script = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(script.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));
}

/**
 * Measures first loads of a build: the entry, then each route of a route's chain (root, layouts,
 * the route) with its static imports, each file gzipped (level 9) as served. `base` is the path the
 * build's URLs start with ("/console/" for the console).
 */
export function firstLoadMeter(manifest: RouterManifest, clientDir: string, base = "/") {
  const gzipBytes = new Map<string, number>();
  const gzipped = (url: string): number => {
    let size = gzipBytes.get(url);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(clientDir, url.slice(base.length))), { level: 9 }).length;
      gzipBytes.set(url, size);
    }
    return size;
  };
  return (routeId: string): { files: number; gzipBytes: number } => {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    const chain: string[] = [];
    for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
    for (const id of chain) {
      const route = manifest.routes[id];
      if (!route) continue;
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    return { files: files.size, gzipBytes: [...files].reduce((sum, file) => sum + gzipped(file), 0) };
  };
}

/** Every route of a build that draws a page (it has a default export), with its first load. */
export function everyRouteFirstLoad(manifest: RouterManifest, clientDir: string, base = "/"): PageWeight[] {
  const measure = firstLoadMeter(manifest, clientDir, base);
  return Object.entries(manifest.routes)
    .filter(([, route]) => route.hasDefaultExport)
    .map(([routeId]) => ({ page: routeId, routeId, ...measure(routeId) }));
}

/** First-load JavaScript of each page of a React Router build (its `build/` folder). */
export async function measureFirstLoadJs(
  buildDir: string,
  pages: Array<{ page: string; routeId: string }>,
): Promise<PageWeight[]> {
  const measure = firstLoadMeter(await serverBuildManifest(buildDir), path.join(buildDir, "client"));
  return pages.map(({ page, routeId }) => ({ page, routeId, ...measure(routeId) }));
}

/** The courier app's budget (issue 40): its first load in JavaScript, gzip. */
export const COURIER_BUDGET_KB = 120;

/**
 * The console's budget: a staff tool on a tablet or a desktop, whose maps, charts and editors load
 * with the page that uses them; the blank page + 72 kB.
 */
export const CONSOLE_BUDGET_KB = 185;

/** How much a route may grow over its recorded figure before the figure must be updated on purpose. */
export const GROWTH_ALLOWED_KB = 5;

/** The recorded figures' table in docs/performance.md: "| storefront | cart | 151.9 |". */
const RECORDED_ROW = /^\| (storefront|console|courier) \| ([\w.-]+) \| (\d+(?:\.\d+)?) \|$/;

/** The first-load figures recorded in docs/performance.md, by "app routeId". */
export function recordedFirstLoads(markdown: string): Map<string, number> {
  const figures = new Map<string, number>();
  for (const line of markdown.split("\n")) {
    const row = RECORDED_ROW.exec(line.trim());
    if (row) figures.set(`${row[1]} ${row[2]}`, Number(row[3]));
  }
  return figures;
}

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

/** The rows of the recorded figures' table, for docs/performance.md. */
async function printRecordedRows(root: string) {
  const web = path.join(root, "apps/web/build");
  const consoleClient = path.join(root, "apps/console/build/client");
  const rows = [
    ...everyRouteFirstLoad(await serverBuildManifest(web), path.join(web, "client")).map((r) => [
      "storefront",
      r,
    ]),
    ...everyRouteFirstLoad(singlePageBuildManifest(consoleClient), consoleClient, "/console/").map((r) => [
      "console",
      r,
    ]),
    ["courier", measureSinglePageFirstLoadJs(path.join(root, "apps/courier/build"), "index.html")],
  ] as Array<[string, PageWeight]>;
  console.log("| app | route | gzip kB |\n|---|---|---|");
  for (const [app, { routeId, gzipBytes }] of rows)
    console.log(`| ${app} | ${routeId} | ${(Math.round((gzipBytes / 1024) * 10) / 10).toFixed(1)} |`);
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes("--table")) {
  await printRecordedRows(path.resolve(import.meta.dirname, ".."));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
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
