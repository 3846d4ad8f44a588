import { isSupportedLocale } from "@storefront/domain";
import { redirect } from "react-router";
import { localeCookie, readCookie } from "../lib/cookies.server.ts";
import { chooseLocale } from "../lib/navigation.ts";
import { permanentRedirect } from "../lib/redirects.ts";
import { listLocalities, resolveLocalityCode, visitorFromRequest } from "../lib/storefront.server.ts";
import type { Route } from "./+types/vendor-rewrite";

/** The placeholder id rule 3 sends a bare /vendor to. */
const PLACEHOLDER_VENDOR_ID = 123;

/**
 * Rule 3: a bare /vendor goes to /vendor/123/orders. Rule 2: paths under /vendor or
 * /{locale}/vendor move under the current locality: /{locale}/{localityCode}/vendor/….
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rest = params["*"] ?? "";
  const prefix = params.locale ? `/${params.locale}` : "";
  if (rest === "") throw redirect(`${prefix}/vendor/${PLACEHOLDER_VENDOR_ID}/orders${url.search}`, 301);
  const locale =
    params.locale && isSupportedLocale(params.locale)
      ? params.locale
      : chooseLocale({
          urlLocale: undefined,
          cookieLocale: await readCookie<string>(localeCookie, request),
          acceptLanguage: request.headers.get("Accept-Language"),
        });
  const visitor = await visitorFromRequest(request, locale);
  const { code } = await resolveLocalityCode(await listLocalities(visitor), visitor, null);
  throw permanentRedirect(`/${locale}/${code}/vendor/${rest}${url.search}`);
}
