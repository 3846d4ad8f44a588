import { DEFAULT_LOCALE, type Locale, localeFromTag } from "@storefront/domain";
import { redirect } from "react-router";

/** The browser's first language the console speaks, else English. */
export function browserLocale(): Locale {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** /console/ opens the order board in the browser's language (signing in first when needed). */
export async function clientLoader() {
  return redirect(`/${browserLocale()}/orders`);
}

export default function Index() {
  return null;
}
