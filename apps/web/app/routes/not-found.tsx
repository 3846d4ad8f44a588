import { isSupportedLocale } from "@storefront/domain";
import { data } from "react-router";
import { ErrorPage } from "../components/error-page.tsx";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { localeCookie, readCookie } from "../lib/cookies.server.ts";
import { chooseLocale, withLocalePrefix } from "../lib/navigation.ts";
import { permanentRedirect } from "../lib/redirects.ts";
import type { Route } from "./+types/not-found";

/** A path that is no page: rule 4 first (add the locale), then the 404 page. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const first = url.pathname.split("/")[1] ?? "";
  if (!isSupportedLocale(first)) {
    const locale = chooseLocale({
      urlLocale: undefined,
      cookieLocale: await readCookie<string>(localeCookie, request),
      acceptLanguage: request.headers.get("Accept-Language"),
    });
    throw permanentRedirect(`${withLocalePrefix(url.pathname, locale)}${url.search}`);
  }
  const t = await serverTranslator(first);
  return data({ title: t("error.notFound.title") }, { status: 404 });
}

export function meta({ data: loaded }: Route.MetaArgs) {
  return [{ title: loaded?.title ?? "404" }];
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
