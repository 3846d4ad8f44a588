import { catalogueFiles } from "virtual:catalogue-files";
import type { Locale } from "@storefront/domain";
import { readCatalogue } from "./catalogue.ts";
import { createI18n } from "./i18n.ts";

/** The language's compiled catalogue, a file of the browser's build named by its content. */
export function catalogueUrl(locale: Locale): string {
  return `${import.meta.env.BASE_URL}${catalogueFiles[locale]}`;
}

/** A translate function for server code (page titles in meta). */
export async function serverTranslator(locale: Locale) {
  const i18n = createI18n(locale, await readCatalogue(locale, catalogueUrl(locale)));
  return i18n._.bind(i18n);
}
