import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { Locale } from "@storefront/domain";
import type english from "../../locales/en.json";

declare module "@lingui/core" {
  interface Register {
    /** Message ids are the keys of the English catalogue: a typo fails the type check. */
    messageIds: keyof typeof english;
  }
}

export type MessageKey = keyof typeof english;

/** Each language's compiled catalogue, loaded when the console is first shown in it. */
const CATALOGUES: Record<Locale, () => Promise<{ default: Messages }>> = {
  ar: () => import("virtual:catalog/ar"),
  bg: () => import("virtual:catalog/bg"),
  en: () => import("virtual:catalog/en"),
  es: () => import("virtual:catalog/es"),
  fr: () => import("virtual:catalog/fr"),
  it: () => import("virtual:catalog/it"),
  lv: () => import("virtual:catalog/lv"),
  mg: () => import("virtual:catalog/mg"),
  pt: () => import("virtual:catalog/pt"),
  ru: () => import("virtual:catalog/ru"),
  uk: () => import("virtual:catalog/uk"),
};

const made = new Map<Locale, I18n>();

/** The console's translations in a language, made once per language. */
export async function i18nFor(locale: Locale): Promise<I18n> {
  const known = made.get(locale);
  if (known) return known;
  const { default: messages } = await CATALOGUES[locale]();
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  made.set(locale, i18n);
  return i18n;
}

/** The translate function of the current language: t("orders.title"), t("orders.count", { count }). */
export function useT() {
  const { i18n } = useLingui();
  return i18n._.bind(i18n);
}

export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}
