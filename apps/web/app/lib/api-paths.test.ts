import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The clients build every API path with the contract's endpoints (domain contract/endpoints.ts): a path written by
 * hand in their sources is a path the contract does not know. Tests may write paths.
 */
const ROOT = join(import.meta.dirname, "../../../..");
const CLIENT_SOURCES = ["apps/web/app", "apps/console/app", "apps/native/src", "apps/courier/src"];
const API_PATH =
  /[`"']\/(api\/)?(customer|carts|vendors|public|group-orders|orders|payments|invoices|console|localities|partner|reviews|dev|content-pages|products|delivery-check|courier)\b/;
/** Not API paths: the console's and the courier app's own addresses, where a page links to itself. */
const NOT_API = [/["']\/console\/(favicon\.svg)?["']/g, /["']\/courier\/(sw\.js)?["']/g];

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith("+") ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function handWrittenPaths(): string[] {
  return CLIENT_SOURCES.flatMap((folder) => sourcesUnder(join(ROOT, folder))).flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .map((line, index) => ({ line, at: `${relative(ROOT, file)}:${index + 1}` }))
      .filter(({ line }) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .filter(({ line }) => API_PATH.test(NOT_API.reduce((rest, allowed) => rest.replace(allowed, ""), line)))
      .map(({ line, at }) => `${at}: ${line.trim()}`),
  );
}

describe("API paths in the clients", () => {
  it("are built by the contract's endpoints, never written by hand", () => {
    expect(handWrittenPaths()).toEqual([]);
  });
});
