import { localeFromAcceptLanguage } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { data } from "react-router";
import { apiGet, callerOf, loadOptional } from "../lib/api.server.ts";
import { loadLocalityParams } from "../lib/storefront.server.ts";
import type { Route } from "./+types/web-manifest";

/**
 * The partner's web app manifest, so the storefront installs to a phone's home screen under the
 * partner's own name, icon and colour (the host names the partner, as for every page).
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Outside the pages' language prefix: the browser's language names it.
  const locale = localeFromAcceptLanguage(request.headers.get("accept-language")) ?? "en";
  const caller = callerOf(request, locale);
  const [first] = await apiGet(endpoints.localities.list(), caller);
  const params = first
    ? await loadOptional("locality params", () => loadLocalityParams(first.code, caller), null)
    : null;
  if (!params) throw data("No shop is served at this address", { status: 404 });
  const name = params.publicInfo.platformName;
  const icon = params.theme.iconUrl;
  const manifest = {
    name,
    short_name: name,
    lang: locale,
    start_url: `/${locale}`,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: params.theme.brandColour,
    icons: [
      { src: icon, sizes: "192x192", type: "image/png", purpose: "any" },
      {
        src: icon.replace("icon-192.png", "icon-512.png"),
        sizes: "512x512",
        type: "image/png",
        purpose: "any",
      },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "content-type": "application/manifest+json; charset=utf-8",
      // A changed brand shows within minutes (the icons' own addresses change with it).
      "cache-control": "public, max-age=300",
      vary: "Accept-Language",
    },
  });
}
