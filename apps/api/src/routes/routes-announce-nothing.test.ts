import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Writers announce their own changes (docs/decisions/0135-writers-announce-their-own-changes.md):
 * the service that writes catalogue data tells the caches after its commit, so a new route that
 * calls it cannot forget to. A route that calls `announce(` itself fails here.
 */
describe("the routes", () => {
  it("announce nothing themselves", () => {
    const folder = import.meta.dirname;
    const calls = readdirSync(folder)
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .flatMap((name) =>
        readFileSync(path.join(folder, name), "utf8")
          .split("\n")
          .flatMap((line, index) =>
            /\bannounce\(/.test(line) ? [`${name}:${index + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(calls).toEqual([]);
  });
});
