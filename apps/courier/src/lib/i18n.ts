import { catalogues } from "virtual:catalogs";
import { type I18n, setupI18n } from "@lingui/core";
import { formatMoney, formatNumber } from "@storefront/domain/format";
import {
  formattingLocale,
  isRightToLeft,
  type Locale,
  localeFromTag,
  SUPPORTED_LOCALES,
} from "@storefront/domain/locales";
import { createContext, use } from "react";
import type english from "../../locales/en.json";

declare module "@lingui/core" {
  interface Register {
    /** Message ids are the keys of the English catalogue: a typo fails the type check. */
    messageIds: keyof typeof english;
  }
}

export type MessageKey = keyof typeof english;

/** Where the language the courier picked in the menu is kept. */
const CHOSEN_LOCALE = "courier.locale";

/** The language picked in the menu, else the phone's first one the app speaks, else English. */
export function startingLocale(): Locale {
  const chosen = localStorage.getItem(CHOSEN_LOCALE);
  for (const tag of [chosen, ...navigator.languages]) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return "en";
}

export function keepChosenLocale(locale: Locale): void {
  localStorage.setItem(CHOSEN_LOCALE, locale);
}

export { SUPPORTED_LOCALES };

/** What the screens say, in one language: its messages, money and numbers. */
export interface Words {
  locale: Locale;
  t: I18n["_"];
  money: (amount: number, currencyCode: string) => string;
  number: (value: number, fractionDigits?: number) => string;
  time: (iso: string) => string;
}

const made = new Map<Locale, Words>();

/** The words of a language, its catalogue loaded once. */
export async function wordsFor(locale: Locale): Promise<Words> {
  const known = made.get(locale);
  if (known) return known;
  const { default: messages } = await catalogues[locale]();
  const i18n = setupI18n({ locale, locales: formattingLocale(locale), messages: { [locale]: messages } });
  // Made when first used: a phone's first formatter of numbers or dates loads the language's data
  // (tens of milliseconds of the main thread), which the first screen often does not need.
  let times: Intl.DateTimeFormat | undefined;
  const words: Words = {
    locale,
    t: i18n._.bind(i18n),
    money: (amount, currencyCode) => formatMoney(amount, currencyCode, locale),
    number: (value, fractionDigits = 0) => formatNumber(value, locale, fractionDigits),
    time: (iso) => {
      times ??= new Intl.DateTimeFormat(formattingLocale(locale), { hour: "2-digit", minute: "2-digit" });
      // One unit on a line: "01:26 ص" does not break between the time and its "AM".
      return times.format(new Date(iso)).replace(/ /g, "\u00a0");
    },
  };
  made.set(locale, words);
  return words;
}

/** The page in a language: its `lang`, and its direction (Arabic right to left). */
export function applyLocale(root: HTMLElement, locale: Locale): void {
  root.lang = locale;
  root.dir = isRightToLeft(locale) ? "rtl" : "ltr";
}

export const WordsContext = createContext<Words | null>(null);

/** The words of the language the app is shown in. */
export function useWords(): Words {
  const words = use(WordsContext);
  if (!words) throw new Error("useWords outside the app's WordsContext");
  return words;
}
