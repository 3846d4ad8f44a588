import { SUPPORTED_LOCALES } from "@storefront/domain";

type Params = Record<string, string | undefined>;

/** The path after the language of each public page a search engine should list, by its route. */
const listedPath = {
  locality: (params: Params) => `/${params.localityCode}`,
  // The vendor's page, whichever of its tabs or dishes the address goes on to name.
  "locality-vendor-id": (params: Params) => `/${params.localityCode}/vendor/${params.id}`,
  support: () => "/support",
  "cms-slug": (params: Params) => `/cms/${encodeURIComponent(params.slug ?? "")}`,
};
const LISTED: Readonly<Record<string, (params: Params) => string>> = listedPath;

/** The paths after the language of the partner's public pages, as a sitemap lists them. */
export function publicPaths({
  vendors,
  contentSlugs,
}: {
  vendors: ReadonlyArray<{ localityCode: string; vendorIds: readonly number[] }>;
  contentSlugs: readonly string[];
}): string[] {
  return [
    ...vendors.flatMap(({ localityCode, vendorIds }) => [
      listedPath.locality({ localityCode }),
      ...vendorIds.map((id) => listedPath["locality-vendor-id"]({ localityCode, id: String(id) })),
    ]),
    listedPath.support(),
    ...contentSlugs.map((slug) => listedPath["cms-slug"]({ slug })),
  ];
}

/** The routes of a visitor's own pages: the cart, and the account's under the menu. */
const isOwnPage = (routeId: string) => routeId === "cart" || routeId === "menu";

interface RenderedPage {
  status: number;
  /** The matched routes, outermost first. */
  routeIds: readonly string[];
  params: Params;
  /** The storefront's origin and the page's language, as the locale layout loaded them. */
  origin?: string;
  locale?: string;
}

/**
 * What a page's answer tells search engines, in headers (Google reads `Link` for both the canonical
 * address and the languages; the page's scripts carry none of it). A public page names its one
 * address, without the query (filters, the delivery address and an open modal change what is shown,
 * not which page it is), and the same page in each language, so that eleven languages read as one
 * page translated rather than eleven copies. A visitor's own page is not to be listed.
 */
export function searchHeaders(page: RenderedPage): Record<string, string> {
  if (page.routeIds.some(isOwnPage)) return { "X-Robots-Tag": "noindex" };
  const leaf = page.routeIds.at(-1);
  const listed = leaf ? LISTED[leaf] : undefined;
  if (page.status !== 200 || !listed || !page.origin || !page.locale) return {};
  const { origin, locale } = page;
  const path = listed(page.params);
  const link = (href: string, rel: string, language?: string) =>
    `<${href}>; rel="${rel}"${language ? `; hreflang="${language}"` : ""}`;
  return {
    Link: [
      link(`${origin}/${locale}${path}`, "canonical"),
      ...SUPPORTED_LOCALES.map((language) => link(`${origin}/${language}${path}`, "alternate", language)),
      // Without a language the storefront answers in the visitor's own (their cookie, else their browser's).
      link(`${origin}${path}`, "alternate", "x-default"),
    ].join(", "),
  };
}
