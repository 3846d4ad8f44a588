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

/** The storefront's own words for a key (its catalogue), with the placeholders filled in. */
export function say(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const text = catalogue(lang)[key];
  if (text === undefined) throw new Error(`no text ${key}`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** A text with its placeholders standing for anything (an amount the test does not compute). */
export function pattern(lang: Lang, key: string): RegExp {
  const parts = say(lang, key).split(/\{\w+\}/);
  return new RegExp(parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+"));
}
