/**
 * Cookies kept by hand, for the native app's bundle: it keeps what the web stores in cookies in the
 * app's preferences. A cookie is a name, a value and when it ends (`null`: when the app closes, as
 * a browser's session cookie ends with the browser).
 */
export interface StoredCookie {
  value: string;
  expiresAt: number | null;
}

export type StoredCookies = Map<string, StoredCookie>;

/** What a `Set-Cookie` value asks for: keep a cookie, or forget it (`Max-Age=0`, a past date, no value). */
export type CookieChange =
  | { name: string; forget: true }
  | { name: string; forget: false; cookie: StoredCookie };

export function parseSetCookie(header: string, now: number): CookieChange | null {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const equals = pair.indexOf("=");
  if (equals <= 0) return null;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  let expiresAt: number | null = null;
  let maxAgeSeen = false;
  for (const attribute of attributes) {
    const [key = "", ...rest] = attribute.split("=");
    const argument = rest.join("=").trim();
    if (/^max-age$/i.test(key.trim()) && /^-?\d+$/.test(argument)) {
      maxAgeSeen = true;
      expiresAt = now + Number(argument) * 1000;
    } else if (/^expires$/i.test(key.trim()) && !maxAgeSeen) {
      const date = Date.parse(argument);
      if (!Number.isNaN(date)) expiresAt = date;
    }
  }
  if (value === "" || (expiresAt !== null && expiresAt <= now)) return { name, forget: true };
  return { name, forget: false, cookie: { value, expiresAt } };
}

/** The `Cookie` header the kept cookies make, without those that have ended; null when none. */
export function cookieHeaderFrom(cookies: StoredCookies, now: number): string | null {
  const pairs = [...cookies]
    .filter(([, cookie]) => cookie.expiresAt === null || cookie.expiresAt > now)
    .map(([name, cookie]) => `${name}=${cookie.value}`);
  return pairs.length > 0 ? pairs.join("; ") : null;
}

/** What outlives the app's closing: the cookies with an end date still ahead. */
export function lastingCookies(cookies: StoredCookies, now: number): Record<string, StoredCookie> {
  return Object.fromEntries(
    [...cookies].filter(([, cookie]) => cookie.expiresAt !== null && cookie.expiresAt > now),
  );
}

/** The stored form back (anything unreadable is dropped). */
export function cookiesFrom(stored: string | null): StoredCookies {
  const cookies: StoredCookies = new Map();
  if (!stored) return cookies;
  try {
    const parsed = JSON.parse(stored) as Record<string, Partial<StoredCookie>>;
    for (const [name, cookie] of Object.entries(parsed)) {
      if (typeof cookie?.value === "string" && typeof cookie.expiresAt === "number")
        cookies.set(name, { value: cookie.value, expiresAt: cookie.expiresAt });
    }
  } catch {
    // A store written by something else is no store of ours.
  }
  return cookies;
}
