import {
  keepSessionToken,
  keepVisitorToken,
  SESSION_NAME,
  sessionToken,
  VISITOR_NAME,
  visitorToken,
} from "./app-visitor-store.ts";
import { nativeDevice } from "./native-device.ts";
import { plainCookie } from "./plain-cookie.ts";

/**
 * The native app's twin of `credentials.ts` (foundations §7): every call says the platform
 * (`X-Platform: ios|android`) and, once signed in, sends the token the API returned as
 * `Authorization: Bearer`; an anonymous visitor's carts go with the visitor token the API gave
 * (`X-Visitor-Token`, the web's visitor cookie). No call carries a cookie.
 */

function headersFor(token: string | null, visitor: string | null): Record<string, string> {
  return {
    "X-Platform": nativeDevice().platform,
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(visitor ? { "X-Visitor-Token": visitor } : {}),
  };
}

export function pageCredentials(): { headers: Record<string, string>; credentials: RequestCredentials } {
  return { headers: headersFor(sessionToken(), visitorToken()), credentials: "omit" };
}

export function loaderCredentials(cookie: string | null): Record<string, string> {
  return headersFor(plainCookie(cookie, SESSION_NAME), plainCookie(cookie, VISITOR_NAME));
}

/** A native client gets its tokens in the answers: the app keeps them in its preferences. */
export function keepCredentials(answer: { token?: string; visitorToken?: string }): void {
  if (answer.token) keepSessionToken(answer.token);
  if (answer.visitorToken) keepVisitorToken(answer.visitorToken);
}

export function socketToken(): string | null {
  return sessionToken();
}
