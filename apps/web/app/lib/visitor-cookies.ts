/**
 * Where the storefront keeps what it remembers of a visitor between pages (their language, locality,
 * address, cart): cookies on the web. The native app's bundle swaps this module for
 * `visitor-cookies.app.ts`, which keeps the same values in the app's preferences.
 */

/** The Cookie header of a page's request. */
export function cookieHeaderOf(request: Request): string | null {
  return request.headers.get("Cookie");
}

/** Sets cookies with an answer (`Set-Cookie` values). */
export function setCookies(headers: Headers, cookies: readonly string[]): void {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
}

/** Sets a cookie from the page itself (`name=value; Path=/; Max-Age=…`). */
export function setPageCookie(cookie: string): void {
  document.cookie = cookie;
}
