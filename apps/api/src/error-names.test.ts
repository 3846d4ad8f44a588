import fs from "node:fs";
import path from "node:path";
import { ERROR_NAMES } from "@storefront/domain/contract";
import { describe, expect, it } from "vitest";

/** The API's sources, tests left out: where an exception name is raised or answered. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

describe("the API's exception names", () => {
  const code = sources(import.meta.dirname)
    .map((file) => fs.readFileSync(file, "utf8"))
    .join("\n");

  it("lists each name once", () => {
    expect(new Set(ERROR_NAMES).size).toBe(ERROR_NAMES.length);
  });

  // The type check keeps the API from raising a name the list lacks; this keeps the list from
  // holding a name the API no longer answers with, which a client would wait for in vain.
  it.each(ERROR_NAMES)("%s is answered somewhere in the API", (name) => {
    expect(code).toContain(`"${name}"`);
  });
});
