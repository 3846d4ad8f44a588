import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      {
        test: {
          name: "web",
          include: ["apps/web/app/**/*.test.ts", "apps/web/vite/**/*.test.ts"],
          passWithNoTests: true,
        },
      },
      { test: { name: "console", include: ["apps/console/app/**/*.test.ts"] } },
      { test: { name: "native", include: ["apps/native/src/**/*.test.ts"] } },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts", "apps/api/src/**/*.test.ts"],
          // One database is migrated and seeded for the suite; each file starts from a copy of it.
          globalSetup: ["apps/api/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // Vitest leaves a core free by default; a PGlite file works on one core of its own, so on a
          // two-core machine a second file beside it finishes the suite sooner (docs/decisions.md).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
        },
      },
    ],
  },
});
