import { cookieHeader, keepCookie } from "./app-visitor-store.ts";

/**
 * The native app's twin of `visitor-cookies.ts`: what the web keeps in cookies the app keeps in its
 * preferences (`app-visitor-store.ts`), and its requests never carry a cookie.
 */

export function cookieHeaderOf(_request: Request): string | null {
  return cookieHeader();
}

export function setCookies(_headers: Headers, cookies: readonly string[]): void {
  for (const cookie of cookies) keepCookie(cookie);
}

export function setPageCookie(cookie: string): void {
  keepCookie(cookie);
}
