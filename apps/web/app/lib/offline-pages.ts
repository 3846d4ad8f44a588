import { isSupportedLocale } from "@storefront/domain/locales";

/**
 * Which pages the service worker answers, and which it keeps a copy of for browsing offline.
 * Pure: the worker, the error page and their tests share it.
 */

/** The worker's cache of pages kept for offline browsing: the last locality and vendor pages seen. */
export const OFFLINE_PAGES_CACHE = "offline-pages-v1";
/** How many such pages are kept (the oldest seen go first). */
export const OFFLINE_PAGES_MAX = 30;
/** A page's copy is taken again when it is older than this (a menu's prices and dishes change). */
export const OFFLINE_COPY_FRESH_MS = 10 * 60_000;

/** Path segments after the language that are pages of their own, not a locality's code. */
const NOT_LOCALITIES = new Set(["cart", "address", "support", "cms", "menu", "vendor"]);
const CODE = /^[a-z0-9-]{1,64}$/;

/** A storefront page (not the API, the console or a file): one the worker answers when offline. */
export function isStorefrontPage(pathname: string): boolean {
  if (pathname === "/") return true;
  const [lang] = pathname.split("/").slice(1);
  return lang !== undefined && isSupportedLocale(lang);
}

/**
 * The key of the copy kept of a page worth browsing offline: a locality's list of vendors
 * (`/en/riga`) or a vendor's menu (`/en/riga/vendor/7`), without its query (a modal, a filter, a
 * group order's link). Null for every other page: the cart, the account, orders are personal.
 */
export function offlineCopyKey(url: URL): string | null {
  const segments = url.pathname.replace(/\/$/, "").split("/").slice(1);
  const [lang, locality, vendor, id] = segments;
  if (!lang || !isSupportedLocale(lang) || !locality) return null;
  if (!CODE.test(locality) || NOT_LOCALITIES.has(locality)) return null;
  if (segments.length === 2) return `${url.origin}/${lang}/${locality}`;
  if (segments.length === 4 && vendor === "vendor" && id && /^\d{1,9}$/.test(id))
    return `${url.origin}/${lang}/${locality}/vendor/${id}`;
  return null;
}

/** A locality's list of vendors (rather than a menu): where a start without a copy is sent. */
export function isLocalityPage(key: string): boolean {
  return new URL(key).pathname.split("/").length === 3;
}
