import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"] } },
      { test: { name: "web", include: ["apps/web/app/**/*.test.ts"], passWithNoTests: true } },
      {
        test: {
          name: "api",
          include: ["apps/api/test/**/*.test.ts", "apps/api/src/**/*.test.ts"],
          // Each file starts its own database and seeds it.
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
