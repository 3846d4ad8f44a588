import { catalogues } from "virtual:catalogs";
import { type I18n, setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formattingLocale, type Locale } from "@storefront/domain";
import type english from "../../locales/en.json";

declare module "@lingui/core" {
  interface Register {
    /** Message ids are the keys of the English catalogue: a typo fails the type check. */
    messageIds: keyof typeof english;
  }
}

export type MessageKey = keyof typeof english;

const made = new Map<Locale, I18n>();

/** The console's translations in a language, made once per language. */
export async function i18nFor(locale: Locale): Promise<I18n> {
  const known = made.get(locale);
  if (known) return known;
  const { default: messages } = await catalogues[locale]();
  const i18n = setupI18n({ locale, locales: formattingLocale(locale), messages: { [locale]: messages } });
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
