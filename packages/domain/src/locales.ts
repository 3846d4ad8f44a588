export const SUPPORTED_LOCALES = ["ar", "en", "es", "fr", "it", "lv", "mg", "pt", "bg", "ru", "uk"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** Each language by its own name, for language pickers. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  ar: "العربية",
  bg: "Български",
  en: "English",
  es: "Español",
  fr: "Français",
  it: "Italiano",
  lv: "Latviešu",
  mg: "Malagasy",
  pt: "Português",
  ru: "Русский",
  uk: "Українська",
};
/**
 * The locale numbers, money and dates are written in for a language of the app. Malagasy has no
 * number or date formats in the browsers' reduced ICU data (Chromium's): there `Intl.NumberFormat("mg")`
 * falls back to the device's own language, so a price read "€9.70" on one phone and "9,70 €" on
 * another, and never as the server wrote it (Node has the full data: "€ 9.70", "2026 Des 5"), which
 * made React throw the server's page away on hydration. Madagascar's French conventions (fr-MG) are in
 * every ICU build, and its plural rules agree with Malagasy's for whole numbers.
 */
const FORMATTING_LOCALES: Partial<Record<string, string>> = { mg: "fr-MG" };

export function formattingLocale(locale: string): string {
  return FORMATTING_LOCALES[locale] ?? locale;
}

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(["ar"]);

export function isSupportedLocale(value: string): value is Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The spec takes a locale from the first two characters of a locale tag ("pt-BR" -> "pt"). */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  const code = tag?.trim().slice(0, 2).toLowerCase() ?? "";
  return isSupportedLocale(code) ? code : null;
}

/** The first supported language of an Accept-Language header, in the order the client prefers. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return null;
}

export function isRightToLeft(locale: Locale): boolean {
  return RIGHT_TO_LEFT.has(locale);
}

/** A text in several languages; `pickText` chooses one for a reader. */
export type LocalizedText = Partial<Record<Locale, string>>;

export function pickText(text: LocalizedText, ...preferred: Array<Locale | null | undefined>): string {
  for (const locale of [...preferred, DEFAULT_LOCALE]) {
    const value = locale ? text[locale] : undefined;
    if (value) return value;
  }
  return Object.values(text).find((value) => Boolean(value)) ?? "";
}
