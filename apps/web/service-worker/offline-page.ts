import { escapeMarkup } from "@storefront/domain/markup";

/** The storefront's words for a visitor offline (its error page's). */
export interface OfflineWords {
  title: string;
  text: string;
  tryAgain: string;
}

/**
 * The page a visitor offline gets for a page without a copy, in the language of its address, in
 * place of the browser's own error: no connection, and a link that tries the same page again. It
 * needs no script and no file: it is made here, in the worker.
 */
export function offlinePage(lang: string, words: Record<string, OfflineWords>): Response {
  const locale = lang in words ? lang : "en";
  const say = words[locale] as OfflineWords;
  const html = `<!doctype html>
<html lang="${locale}" dir="${locale === "ar" ? "rtl" : "ltr"}">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeMarkup(say.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; color: #1f1f1f; background: #f6f5f3; }
  main { min-height: 100dvh; max-width: 28rem; margin: 0 auto; padding: 2rem; box-sizing: border-box;
    display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 1rem; text-align: center; }
  h1 { font-size: 1.25rem; margin: 0; }
  p { margin: 0; color: #5f5f5f; }
  a { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 1.5rem; border-radius: 999px;
    background: #c2410c; color: #fff; font-weight: 500; text-decoration: none; }
</style>
<main>
  <svg aria-hidden="true" width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="#c2410c" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M12 20h.01"/><path d="M8.5 16.429a5 5 0 0 1 7 0"/><path d="M5 12.859a10 10 0 0 1 5.17-2.69"/><path d="M19 12.859a10 10 0 0 0-2.007-1.523"/><path d="M2 8.82a15 15 0 0 1 4.177-2.643"/><path d="M22 8.82a15 15 0 0 0-11.288-3.764"/><path d="m2 2 20 20"/></svg>
  <h1>${escapeMarkup(say.title)}</h1>
  <p>${escapeMarkup(say.text)}</p>
  <a href="">${escapeMarkup(say.tryAgain)}</a>
</main>
</html>
`;
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
