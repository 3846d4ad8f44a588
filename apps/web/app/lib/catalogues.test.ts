import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";

/** Every app's catalogues: the storefront's, the partner console's and the courier app's. */
const APPS = {
  storefront: path.resolve(import.meta.dirname, "../../locales"),
  console: path.resolve(import.meta.dirname, "../../../console/locales"),
  "courier app": path.resolve(import.meta.dirname, "../../../courier/locales"),
};
/** The argument names a message fills, read from its compiled form (plural branches included). */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , choices] = token as [string, string?, unknown?];
      names.add(name);
      if (choices && typeof choices === "object") for (const branch of Object.values(choices)) walk(branch);
    }
  };
  walk(compileMessage(text));
  return [...names].sort();
}

describe.each(
  Object.entries(APPS).flatMap(([app, dir]) =>
    SUPPORTED_LOCALES.map((locale) => [app, locale, dir] as const),
  ),
)("the %s's %s catalogue", (_app, locale, dir) => {
  const read = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), "utf8")) as Record<string, string>;
  const english = read("en");
  const catalogue = read(locale);

  it("has every message English has, and no other", () => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
  });

  it("has messages that compile and fill the same placeholders", () => {
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), key).not.toBe("");
      expect(() => compileMessage(text), key).not.toThrow();
      expect(placeholders(text), key).toEqual(placeholders(english[key] ?? ""));
    }
  });
});
