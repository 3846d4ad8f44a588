import { type I18n, type Messages, setupI18n } from "@lingui/core";
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

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, locales: formattingLocale(locale), messages: { [locale]: messages } });
}

/** The translate function of the current locale: t("header.search"), t("vendors.count", { count }). */
export function useT() {
  const { i18n } = useLingui();
  return i18n._.bind(i18n);
}

export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}
