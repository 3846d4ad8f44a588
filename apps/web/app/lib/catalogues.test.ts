import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../locales");
const read = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), "utf8")) as Record<string, string>;
const english = read("en");
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

describe.each(SUPPORTED_LOCALES)("the %s catalogue", (locale) => {
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
