import { createCookie } from "react-router";
import { cookieHeaderOf } from "./visitor-cookies.ts";

const YEAR = 60 * 60 * 24 * 365;
const base = { path: "/", sameSite: "lax" as const, httpOnly: true };

/** The language the visitor chose. */
export const localeCookie = createCookie("locale", { ...base, maxAge: YEAR });
/** The locality the visitor is browsing (the spec's stored locality code). */
export const localityCookie = createCookie("localityCode", { ...base, maxAge: YEAR });
/** Set when coordinates moved the visitor to another locality; cleared after use. */
export const switchLocalityCookie = createCookie("needToSwitchLocality", base);
/** An address given by coordinates, not saved to an account (query `address`, or a picked point). */
export const temporaryAddressCookie = createCookie("temporaryAddress", { ...base, maxAge: YEAR });
/** The saved address the customer chose (the spec's lastAddressId). */
export const selectedAddressCookie = createCookie("lastAddressId", { ...base, maxAge: YEAR });
/** Demo-promo parameters kept as user query params. */
export const userQueryParamsCookie = createCookie("userQueryParams", { ...base, maxAge: YEAR });
/** An external customer handed over in `customerData`. */
export const externalCustomerCookie = createCookie("externalCustomer", { ...base, maxAge: 60 * 60 });
/** Whether the customer locale of `customerData` was applied already. */
export const customerLocaleCookie = createCookie("customerLocaleApplied", { ...base, maxAge: YEAR });
/** "ios" or "android" when the page runs in the native app's webview (it opens with ?platform=…). */
export const platformCookie = createCookie("platform", base);
/** The native app's own version, when it says (it opens with ?appVersion=…). */
export const appVersionCookie = createCookie("appVersion", base);
/** The API's session cookie (see the accounts issue); `anonymous` clears it. */
export const sessionCookieName = "session";

export async function readCookie<T>(
  cookie: ReturnType<typeof createCookie>,
  request: Request,
): Promise<T | null> {
  try {
    return ((await cookie.parse(cookieHeaderOf(request))) as T | null) ?? null;
  } catch {
    return null;
  }
}

export function clearCookie(cookie: ReturnType<typeof createCookie>): Promise<string> {
  return cookie.serialize("", { maxAge: 0, expires: new Date(0) });
}
