import { formattingLocale } from "./locales.ts";

/** Made formatters kept for reuse; the keys are few (locales × currencies × digits), the bound is a guard. */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 500;

/** Currencies written with their narrow sign in every language (see numberFormat). */
const SIGN_ONLY: ReadonlySet<string> = new Set(["UAH"]);

/**
 * An Intl.NumberFormat for the language (its formatting locale) and options, made once: making one
 * costs far more than formatting with it, and a page formats hundreds of prices and ratings.
 *
 * A hryvnia is written with its sign "₴" in every language: its wider symbol differs between ICU's
 * versions (Node's "₴" in Ukrainian and Russian, Chromium 156's "грн"), and a price the browser
 * writes otherwise than the server did makes React throw the page away when it goes live. Other
 * currencies keep their usual symbol ("US$" beside other dollars); the two ICU versions agree on them.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.NumberFormat(
      formattingLocale(locale),
      options.style === "currency" && options.currency && SIGN_ONLY.has(options.currency)
        ? { currencyDisplay: "narrowSymbol", ...options }
        : options,
    );
    formats.set(key, format);
  }
  return format;
}
