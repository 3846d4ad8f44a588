import { Preferences } from "@capacitor/preferences";
import {
  cookieHeaderFrom,
  cookiesFrom,
  lastingCookies,
  parseSetCookie,
  type StoredCookies,
} from "./stored-cookies.ts";

/**
 * The native app's memory of its visitor: what the web keeps in cookies (language, locality, address,
 * cart, and the customer's session token), in the platform's preferences (SharedPreferences on
 * Android, UserDefaults on iOS; localStorage when the bundle runs in a browser). Loaded once before
 * the first loader runs; read synchronously after that.
 */
const PREFERENCES_KEY = "storefront.visitor";
/** The API's session: sent as `Authorization: Bearer`, never as a cookie. */
export const SESSION_NAME = "session";
/** The anonymous visitor who owns carts until signing in: sent as `X-Visitor-Token`. */
export const VISITOR_NAME = "visitor";
const TOKEN_DAYS = 365;

let cookies: StoredCookies = new Map();
let loading: Promise<void> | null = null;

export function loadVisitorStore(): Promise<void> {
  loading ??= Preferences.get({ key: PREFERENCES_KEY }).then(({ value }) => {
    cookies = cookiesFrom(value);
  });
  return loading;
}

function save(): void {
  const value = JSON.stringify(lastingCookies(cookies, Date.now()));
  void Preferences.set({ key: PREFERENCES_KEY, value });
}

/** Applies a `Set-Cookie` value. */
export function keepCookie(setCookie: string): void {
  const change = parseSetCookie(setCookie, Date.now());
  if (!change) return;
  if (change.forget) cookies.delete(change.name);
  else cookies.set(change.name, change.cookie);
  save();
}

export function cookieHeader(): string | null {
  return cookieHeaderFrom(cookies, Date.now());
}

function token(name: string): string | null {
  const kept = cookies.get(name);
  return kept && (kept.expiresAt === null || kept.expiresAt > Date.now())
    ? decodeURIComponent(kept.value)
    : null;
}

/** The customer's session token, when signed in. */
export function sessionToken(): string | null {
  return token(SESSION_NAME);
}

export function visitorToken(): string | null {
  return token(VISITOR_NAME);
}

/** Keeps the token the API returned at sign-in (the API says when it ends by refusing it). */
export function keepSessionToken(value: string): void {
  keepCookie(`${SESSION_NAME}=${encodeURIComponent(value)}; Max-Age=${TOKEN_DAYS * 86400}`);
}

export function keepVisitorToken(value: string): void {
  keepCookie(`${VISITOR_NAME}=${encodeURIComponent(value)}; Max-Age=${TOKEN_DAYS * 86400}`);
}
