// The first-load JavaScript budgets of issue 42, checked on the builds CI has just made (bytes are
// exact, so nothing here depends on the machine's speed):
// - every storefront page within the blank React Router page + 40 kB gzip;
// - every console page within the console's budget, the courier app within its own;
// - no route more than 5 kB over the figure recorded for it in docs/performance.md, so a page that
//   grows says so on purpose (`npm run page-weight -w @storefront/bench -- --table` prints the rows).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  BUDGET_OVER_FLOOR_KB,
  CONSOLE_BUDGET_KB,
  COURIER_BUDGET_KB,
  everyRouteFirstLoad,
  FLOOR_KB,
  GROWTH_ALLOWED_KB,
  measureSinglePageFirstLoadJs,
  recordedFirstLoads,
  serverBuildManifest,
  singlePageBuildManifest,
} from "./page-weight.ts";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "apps/web/build");
const consoleClient = path.join(root, "apps/console/build/client");
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const storefront = everyRouteFirstLoad(await serverBuildManifest(web), path.join(web, "client"));
const console_ = everyRouteFirstLoad(singlePageBuildManifest(consoleClient), consoleClient, "/console/");
const courier = measureSinglePageFirstLoadJs(path.join(root, "apps/courier/build"), "index.html");
const recorded = recordedFirstLoads(fs.readFileSync(path.join(root, "docs/performance.md"), "utf8"));
const measured = [
  ...storefront.map((route) => ({ app: "storefront", ...route })),
  ...console_.map((route) => ({ app: "console", ...route })),
  { app: "courier", ...courier },
];

describe("first-load JavaScript (gzip, from the builds)", () => {
  it("finds the storefront's pages, the console's and the courier app's", () => {
    expect(storefront.map((route) => route.routeId)).toEqual(
      expect.arrayContaining(["locality", "locality-vendor-id", "cart", "menu-orders-id-status"]),
    );
    expect(console_.map((route) => route.routeId)).toEqual(expect.arrayContaining(["orders", "menus"]));
    expect(courier.gzipBytes).toBeGreaterThan(0);
  });

  const named = <T extends { routeId: string }>(routes: T[]) =>
    routes.map((route) => [route.routeId, route] as const);

  it.each(named(storefront))(
    `the storefront's %s stays within the blank page + ${BUDGET_OVER_FLOOR_KB} kB`,
    (_, { gzipBytes }) => {
      expect(kb(gzipBytes)).toBeLessThanOrEqual(FLOOR_KB + BUDGET_OVER_FLOOR_KB);
    },
  );

  it.each(named(console_))(`the console's %s stays within ${CONSOLE_BUDGET_KB} kB`, (_, { gzipBytes }) => {
    expect(kb(gzipBytes)).toBeLessThanOrEqual(CONSOLE_BUDGET_KB);
  });

  it(`the courier app stays within ${COURIER_BUDGET_KB} kB`, () => {
    expect(kb(courier.gzipBytes)).toBeLessThanOrEqual(COURIER_BUDGET_KB);
  });

  it.each(measured.map((route) => [`${route.app} ${route.routeId}`, route] as const))(
    `%s grows no more than ${GROWTH_ALLOWED_KB} kB over its figure in docs/performance.md`,
    (_, { app, routeId, gzipBytes }) => {
      const figure = recorded.get(`${app} ${routeId}`);
      expect(figure, `no figure for ${app} ${routeId} in docs/performance.md`).toBeDefined();
      expect(kb(gzipBytes)).toBeLessThanOrEqual((figure as number) + GROWTH_ALLOWED_KB);
    },
  );
});

describe("React Router in the browsers' bundles", () => {
  // A text only its development build holds (its developer warnings, `ENABLE_DEV_WARNINGS`): the
  // browser gets the production one (apps/web/vite/production-react-router.ts).
  const DEVELOPMENT_ONLY = "You rendered descendant <Routes>";
  const scripts = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => path.join(dir, file));

  it.each([
    ["storefront", path.join(web, "client")],
    ["console", consoleClient],
  ])("the %s's scripts hold React Router's production build", (_, dir) => {
    const withWarnings = scripts(dir).filter((file) =>
      fs.readFileSync(file, "utf8").includes(DEVELOPMENT_ONLY),
    );
    expect(withWarnings.map((file) => path.relative(dir, file))).toEqual([]);
  });
});
