import type { Locale } from "@storefront/domain";
import { withLocalePrefix } from "./navigation.ts";

export { LANGUAGE_NAMES } from "@storefront/domain";

/** The query parameter that tells the server the visitor chose this URL's language. */
export const SWITCH_LOCALE_PARAM = "switchLocale";

/** The current page in another language, closing the language list. */
export function switchLocaleHref(location: { pathname: string; search: string }, locale: Locale): string {
  const search = new URLSearchParams(location.search);
  search.delete("modal");
  search.set(SWITCH_LOCALE_PARAM, "1");
  return `${withLocalePrefix(location.pathname, locale)}?${search}`;
}
