import { catalogues } from "virtual:catalogs";
import type { Messages } from "@lingui/core";
import type { Locale } from "@storefront/domain";
import { createI18n } from "./i18n.ts";

const loaded = new Map<Locale, Promise<Messages>>();

/** A locale's messages, imported once per process (an import() per page would go to the module loader). */
export function loadMessages(locale: Locale): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    messages = catalogues[locale]().then((module) => module.default);
    loaded.set(locale, messages);
  }
  return messages;
}

const texts = new Map<Locale, Promise<string>>();

/** A locale's messages as JSON text, for the page's data (`messagesOf` reads it), made once per process. */
export function loadCatalogue(locale: Locale): Promise<string> {
  let text = texts.get(locale);
  if (!text) {
    text = loadMessages(locale).then((messages) => JSON.stringify(messages));
    texts.set(locale, text);
  }
  return text;
}

/** A translate function for server code (page titles in meta). */
export async function serverTranslator(locale: Locale) {
  const i18n = createI18n(locale, await loadMessages(locale));
  return i18n._.bind(i18n);
}
