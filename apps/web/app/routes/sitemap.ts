import { escapeMarkup, SUPPORTED_LOCALES } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { apiGet, callerOf, storefrontOriginOf } from "../lib/api.server.ts";
import { publicPaths } from "../lib/search-addresses.server.ts";
import type { Route } from "./+types/sitemap";

/** A sitemap lists at most this many addresses (sitemaps.org). */
const MOST_ADDRESSES = 50_000;
/** The vendors API's largest page. */
const VENDORS_PER_PAGE = 100;

/**
 * The partner's public pages for search engines: each locality, each vendor listed in it, support
 * and the content pages, in every language (the pages' headers say which are one page translated).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const caller = callerOf(request, "en");
  const [localities, contentPages] = await Promise.all([
    apiGet(endpoints.localities.list(), caller),
    apiGet(endpoints.contentPages(), caller),
  ]);
  const vendors = await Promise.all(
    localities.map(async (locality) => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const found = await apiGet(
          endpoints.localities.vendors(locality.code, `page=${page}&size=${VENDORS_PER_PAGE}`),
          caller,
        );
        ids.push(...found.content.map((vendor) => vendor.id));
        if (page >= found.totalPages) return { localityCode: locality.code, vendorIds: ids };
      }
    }),
  );
  const origin = storefrontOriginOf(request).origin;
  const addresses = publicPaths({ vendors, contentSlugs: contentPages.map((page) => page.slug) })
    .flatMap((path) => SUPPORTED_LOCALES.map((locale) => `${origin}/${locale}${path}`))
    .slice(0, MOST_ADDRESSES);
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...addresses.map((address) => `<url><loc>${escapeMarkup(address)}</loc></url>`),
    "</urlset>",
    "",
  ].join("\n");
  return new Response(xml, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
