/** Made formatters kept for reuse; the keys are few (locales × currencies × digits), the bound is a guard. */
const formats = new Map<string, Intl.NumberFormat>();
const MAX_FORMATS = 500;

/**
 * An Intl.NumberFormat for the locale and options, made once: making one costs far more than
 * formatting with it, and a page formats hundreds of prices and ratings.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}
