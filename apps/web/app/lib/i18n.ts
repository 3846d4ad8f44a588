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

let parsed: { catalogue: string; messages: Messages } | null = null;

/**
 * The messages of a catalogue sent as JSON text (the root loader's `catalogue`): one string is
 * decoded by the browser's JSON parser at once, where the compiled messages' trees as loader data
 * cost the stream's decoder a node each. The last one is kept: a page reads it more than once.
 */
export function messagesOf(catalogue: string): Messages {
  if (parsed?.catalogue !== catalogue) parsed = { catalogue, messages: JSON.parse(catalogue) as Messages };
  return parsed.messages;
}

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
