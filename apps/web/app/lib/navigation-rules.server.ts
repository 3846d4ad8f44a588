import { endpoints } from "@storefront/domain/endpoints";
import type { MiddlewareFunction } from "react-router";
import { apiSend, callerOf } from "./api.server.ts";
import {
  appVersionCookie,
  clearCookie,
  customerLocaleCookie,
  externalCustomerCookie,
  localeCookie,
  platformCookie,
  readCookie,
  sessionCookieName,
  switchLocalityCookie,
  temporaryAddressCookie,
  userQueryParamsCookie,
} from "./cookies.server.ts";
import { SWITCH_LOCALE_PARAM } from "./languages.ts";
import {
  afterSignOut,
  chooseLocale,
  customerLocaleOf,
  customerPrefillOf,
  handOverTokenOf,
  isBareTwoCharacterPath,
  parseJsonParam,
  pathInLocality,
  temporaryAddressOf,
  userQueryParamsOf,
  withLocalePrefix,
  withoutHandOverToken,
  withoutQueryParams,
} from "./navigation.ts";
import { plainCookie } from "./plain-cookie.ts";
import { permanentRedirect } from "./redirects.ts";
import {
  appVersionOf,
  localityHomeRedirect,
  platformOf,
  readVisitorCookies,
  visitorContext,
  visitorFromRequest,
  visitorOf,
} from "./storefront.server.ts";
import { setCookies } from "./visitor-cookies.ts";

/**
 * The session a sign-in's answer opened, as a cookie: the API's own on the web; in the native app,
 * whose answers carry no cookie, the token its body returns to a native client.
 */
async function sessionOf(answer: Response): Promise<string | undefined> {
  const cookie = answer.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName}=`));
  if (cookie) return cookie;
  const body = (await answer.json().catch(() => null)) as { token?: unknown } | null;
  return typeof body?.token === "string"
    ? `${sessionCookieName}=${encodeURIComponent(body.token)}; Path=/; Max-Age=${365 * 86400}`
    : undefined;
}

/**
 * Navigation rules 1 (a bare two-character path), 4, 5, 7 and 8 of section 2 and the locale from
 * customer data (section 4).
 */
export const navigationRules: MiddlewareFunction<Response> = async ({ request, params, context }, next) => {
  const url = new URL(request.url);
  const cookies: string[] = [];
  const cookieLocale = await readCookie<string>(localeCookie, request);
  let locale = chooseLocale({
    urlLocale: params.locale,
    // A language picked in the language list wins over the one chosen before.
    cookieLocale: url.searchParams.has(SWITCH_LOCALE_PARAM) ? null : cookieLocale,
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  if (url.searchParams.has(SWITCH_LOCALE_PARAM) && params.locale === locale) {
    throw permanentRedirect(withoutQueryParams(url, [SWITCH_LOCALE_PARAM]), [
      await localeCookie.serialize(locale),
    ]);
  }

  const customerData = parseJsonParam(url, "customerData");
  const customerLocale = customerLocaleOf(customerData);
  if (
    customerLocale &&
    customerLocale !== locale &&
    !(await readCookie<boolean>(customerLocaleCookie, request))
  ) {
    locale = customerLocale;
    cookies.push(await customerLocaleCookie.serialize(true));
  }
  if (locale !== cookieLocale) cookies.push(await localeCookie.serialize(locale));
  if (params.locale !== locale && isBareTwoCharacterPath(url.pathname)) {
    // Rule 1: "/zz" is no locale of ours, or not the visitor's: straight to their locality.
    throw await localityHomeRedirect(request, { ...(await visitorFromRequest(request, locale)), cookies });
  }
  if (params.locale !== locale) {
    throw permanentRedirect(`${withLocalePrefix(url.pathname, locale)}${url.search}`, cookies);
  }

  if (url.searchParams.has("anonymous")) {
    // The session ends at the API too, not only in this browser.
    const caller = callerOf(request, locale);
    if (plainCookie(caller.cookie, sessionCookieName))
      await apiSend(endpoints.auth.logout(), undefined, caller).catch(() => null);
    cookies.push(`${sessionCookieName}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    throw permanentRedirect(afterSignOut(url), cookies);
  }

  const visitorCookies = await readVisitorCookies(request);
  // Rule 5: coordinates moved the visitor to another locality; the locality, vendor and cart pages
  // follow the stored code once.
  const onLocalityPage = params.localityCode !== undefined || url.pathname === `/${locale}/cart`;
  if (onLocalityPage && visitorCookies.needToSwitchLocality && visitorCookies.storedLocalityCode) {
    cookies.push(await clearCookie(switchLocalityCookie));
    visitorCookies.needToSwitchLocality = false;
    const moved = pathInLocality(url.pathname, params.localityCode, visitorCookies.storedLocalityCode);
    if (moved) throw permanentRedirect(`${moved}${url.search}`, cookies);
  }

  const userQueryParams = userQueryParamsOf(url);
  if (userQueryParams) cookies.push(await userQueryParamsCookie.serialize(userQueryParams));
  let caller = callerOf(request, locale);
  let externalSignInRefused = false;
  let externalCustomer: Record<string, unknown> | null = null;
  if (customerData && typeof customerData === "object") {
    externalCustomer = withoutHandOverToken(customerData);
    cookies.push(await externalCustomerCookie.serialize(externalCustomer));
    // Customer data signs the customer in only when it carries the partner's signed token, and
    // never switches a signed-in customer into another account (a link is not a consent).
    const token = handOverTokenOf(customerData);
    const signedIn = plainCookie(caller.cookie, sessionCookieName) !== null;
    if (token && !signedIn) {
      const answer = await apiSend(endpoints.auth.ondeLoginByToken(), { token }, caller);
      const session = answer.ok ? await sessionOf(answer) : undefined;
      if (session) {
        cookies.push(session);
        caller = { ...caller, cookie: [caller.cookie, session.split(";")[0]].filter(Boolean).join("; ") };
      } else {
        // The partner's token was refused: the page says so and the visitor stays anonymous.
        externalSignInRefused = answer.status >= 400 && answer.status < 500;
      }
    }
  }
  // A link's own parameters win over what an earlier link left.
  const customerPrefill =
    customerPrefillOf(userQueryParams, externalCustomer) ?? visitorCookies.customerPrefill;
  const platformParam = url.searchParams.get("platform");
  if (platformParam && platformOf(platformParam) !== visitorCookies.platform) {
    visitorCookies.platform = platformOf(platformParam);
    cookies.push(await platformCookie.serialize(visitorCookies.platform));
  }
  const appVersionParam = appVersionOf(url.searchParams.get("appVersion"));
  if (appVersionParam && appVersionParam !== visitorCookies.appVersion) {
    visitorCookies.appVersion = appVersionParam;
    cookies.push(await appVersionCookie.serialize(appVersionParam));
  }
  const addressFromQuery = temporaryAddressOf(parseJsonParam(url, "address"));
  if (addressFromQuery) cookies.push(await temporaryAddressCookie.serialize(addressFromQuery));

  context.set(visitorContext, {
    locale,
    caller,
    ...visitorCookies,
    temporaryAddress: addressFromQuery ?? visitorCookies.temporaryAddress,
    customerPrefill,
    externalSignInRefused,
    cookies,
  });
  const response = await next();
  setCookies(response.headers, visitorOf(context).cookies);
  return response;
};
