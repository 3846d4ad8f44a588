import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The API tests call the API by the contract's endpoints (`paths.ts`), as its clients do: a path
 * written by hand is one the contract may not know. Written by hand stay only the routes outside the
 * contract (health, documentation, the sandbox's pages, Stripe's webhook, media and icons) and, in the files below, the
 * paths that are themselves under test: malformed ids and queries, unknown routes, the OpenAPI
 * document's keys, the URLs a log or an answer is expected to hold. Their count per file may fall,
 * never rise: a new call goes through a builder.
 */
const OUTSIDE_THE_CONTRACT =
  /\/api\/(health|ready|openapi|docs|metrics|sandbox|payments\/sandbox|payments\/stripe\/webhook|media|nothing-here|no-such-route|public\/nothing-here|definitely)|icon-(192|512)/;
const PATHS_UNDER_TEST: Record<string, number> = {
  "cards.test.ts": 2,
  "carts.test.ts": 1,
  "console-isolation.test.ts": 1,
  "courier-app.test.ts": 1,
  "console-vendor-profile.test.ts": 1,
  "content-and-analytics.test.ts": 1,
  "fuzz.test.ts": 7,
  "group-orders.test.ts": 1,
  "input-edge.test.ts": 8,
  "invoices.test.ts": 1,
  "localities.test.ts": 1,
  "logs.test.ts": 6,
  "observability.test.ts": 3,
  "ops.test.ts": 3,
  "partner-and-errors.test.ts": 42,
  "partner-isolation.test.ts": 15,
};
const TESTS = import.meta.dirname;

function handWritten(file: string): string[] {
  return readFileSync(join(TESTS, file), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .filter((line) => /[`"']\/api\//.test(line) && !OUTSIDE_THE_CONTRACT.test(line));
}

describe("API paths in the API tests", () => {
  it("are built by the contract's endpoints, but for the paths a test is about", () => {
    const over = readdirSync(TESTS)
      .filter((file) => file.endsWith(".ts") && file !== "paths.ts" && file !== "api-paths-in-tests.test.ts")
      .map((file) => ({ file, lines: handWritten(file) }))
      .filter(({ file, lines }) => lines.length > (PATHS_UNDER_TEST[file] ?? 0));
    expect(over).toEqual([]);
  });
});
