/**
 * How calls to the API carry the customer's session. On the web: the API's httpOnly cookie, which
 * the browser sends itself and the server side passes on. The native app's bundle swaps this module
 * for `credentials.app.ts` (a bearer token and the platform).
 */

/** Headers and fetch credentials of a call from the page. */
export function pageCredentials(): { headers: Record<string, string>; credentials: RequestCredentials } {
  return { headers: {}, credentials: "include" };
}

/** Headers of a loader's call, from the visitor's cookies. */
export function loaderCredentials(cookie: string | null): Record<string, string> {
  return cookie ? { Cookie: cookie } : {};
}

/**
 * What the page does with an answer that opened a session (a sign-in) or an anonymous visitor's
 * cart: nothing on the web, where the API's cookie came with it.
 */
export function keepCredentials(_answer: { token?: string; visitorToken?: string }): void {}

/** The session a tracking socket names in its address: none on the web, whose cookie goes along. */
export function socketToken(): string | null {
  return null;
}
