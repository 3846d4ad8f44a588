import { localeCookie, readCookie } from "../lib/cookies.server.ts";
import { chooseLocale } from "../lib/navigation.ts";
import { localityHomeRedirect, visitorFromRequest } from "../lib/storefront.server.ts";
import type { Route } from "./+types/root-redirect";

/** Rule 1: "/" goes to the visitor's locale and locality. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = chooseLocale({
    urlLocale: undefined,
    cookieLocale: await readCookie<string>(localeCookie, request),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
  throw await localityHomeRedirect(request, await visitorFromRequest(request, locale));
}
