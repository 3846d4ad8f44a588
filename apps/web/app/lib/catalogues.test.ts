import fs from "node:fs";
import path from "node:path";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { SUPPORTED_LOCALES } from "@storefront/domain";
import { describe, expect, it } from "vitest";

const dir = path.resolve(import.meta.dirname, "../../locales");
const read = (locale: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, `${locale}.json`), "utf8")) as Record<string, string>;
const english = read("en");
const placeholders = (text: string) =>
  [...text.matchAll(/\{\s*([A-Za-z]+)\s*[,}]/g)]
    .map((m) => m[1])
    .filter((name, i, all) => all.indexOf(name) === i)
    .sort();

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
