import fs from "node:fs";

/** The storefront's languages these tests read it in. */
export type Lang = "en" | "ar" | "lv";

const catalogues = new Map<Lang, Record<string, string>>();
function catalogue(lang: Lang): Record<string, string> {
  let words = catalogues.get(lang);
  if (!words) {
    const file = new URL(`../../apps/web/locales/${lang}.json`, import.meta.url);
    words = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
    catalogues.set(lang, words);
  }
  return words;
}

/**
 * A value as a message of the language holds it: in Arabic isolated between Unicode's marks, as the
 * apps' builds do (apps/web/vite/isolate-placeholders.ts), so it keeps its order in the sentence.
 */
export function isolated(lang: Lang, value: string): string {
  return lang === "ar" ? `\u2068${value}\u2069` : value;
}

/** The storefront's own words for a key (its catalogue), with the placeholders filled in. */
export function say(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = catalogue(lang)[key];
  if (text === undefined) throw new Error(`no text ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    return value === undefined ? `{${name}}` : isolated(lang, value);
  });
}

/** A text with its placeholders standing for anything (an amount the test does not compute). */
export function pattern(lang: Lang, key: string): RegExp {
  const parts = say(lang, key).split(/\{\w+\}/);
  return new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+"));
}
