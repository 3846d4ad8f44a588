import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { compiledCatalogs } from "./apps/web/vite/compiled-catalogs.ts";

/** An app's compiled catalogues (`virtual:catalogs`), as its build has them. */
const catalogsOf = (app: string) => [
  compiledCatalogs(path.resolve(import.meta.dirname, "apps", app, "locales")),
];

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        plugins: catalogsOf("web"),
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.ts", "apps/web/vite/**/*.test.ts"],
          passWithNoTests: true,
        },
      },
      {
        plugins: catalogsOf("console"),
        test: { name: "console", include: ["apps/console/app/**/*.test.ts"] },
      },
      {
        plugins: catalogsOf("courier"),
        test: { name: "courier", include: ["apps/courier/src/**/*.test.ts"] },
      },
      { test: { name: "native", include: ["apps/native/src/**/*.test.ts"] } },
      // The API's own rules and formats, which need no database: run once, with the unit tests.
      {
        test: {
          name: "api-units",
          include: [
            "apps/api/src/**/*.test.ts",
            "apps/api/test/deploy-files.test.ts",
            "apps/api/test/api-paths-in-tests.test.ts",
            "apps/api/test/spec-coverage.test.ts",
          ],
        },
      },
      // The first-load JavaScript budgets, read off the builds: run after them (scripts/test.mjs).
      { test: { name: "budgets", include: ["bench/first-load-budgets.test.ts"] } },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts"],
          exclude: [
            "apps/api/test/deploy-files.test.ts",
            "apps/api/test/api-paths-in-tests.test.ts",
            "apps/api/test/spec-coverage.test.ts",
          ],
          // One database is migrated and seeded for the suite; each file starts from a copy of it.
          globalSetup: ["apps/api/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // Vitest leaves a core free by default; a PGlite file works on one core of its own, so on a
          // two-core machine a second file beside it finishes the suite sooner
          // (docs/decisions/0095-browser-tests-one-retry-in-ci-flaky-tests-named.md).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
          // A worker imports the app once for all its files, not once per file: each file still gets
          // a database and an app of its own (harness.ts), and no test stubs a module or the
          // environment. 260 s with isolation, 193 s without, on this machine (docs/performance.md).
          isolate: false,
        },
      },
    ],
  },
});
