import { endpoints } from "@storefront/domain/endpoints";
import { useCallback } from "react";
import { data, Link } from "react-router";
import { Banners } from "../components/banners.tsx";
import { DefaultLayout } from "../components/default-layout.tsx";
import { FilterBar } from "../components/filter-bar.tsx";
import { VendorGrid } from "../components/vendor-grid.tsx";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import {
  categoryChoicesOf,
  topBannersOf,
  type VendorCardData,
  type VendorCardsPage,
  vendorCardOf,
} from "../lib/catalogue-view.ts";
import { unavailableCategoriesOf, useCategoryUnavailableAlert } from "../lib/category-filter.ts";
import { clearCookie, localityCookie } from "../lib/cookies.server.ts";
import { useT } from "../lib/i18n.ts";
import { mediaUrl } from "../lib/media-url.ts";
import { layoutMeta, socialMeta } from "../lib/meta.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import {
  deliveryAddressOf,
  hasSession,
  listLocalities,
  loadCart,
  visitorOf,
} from "../lib/storefront.server.ts";
import { LOCALITY_NOT_FOUND } from "../lib/storefront.ts";
import {
  cartTimeOf,
  countFilters,
  filtersOf,
  VENDORS_PAGE_SIZE,
  vendorsApiQuery,
} from "../lib/vendor-query.ts";
import type { Route } from "./+types/locality";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

/**
 * Pages a URL may ask for at once: the no-JavaScript "show more" link asks for pages 1..page, which
 * the loader reads as one API page (the API's pages hold up to 100).
 */
const MAX_PAGES = Math.floor(100 / VENDORS_PAGE_SIZE);

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const { platform, image } = layoutMeta(matches);
  return socialMeta({
    title: loaded ? `${platform} — ${loaded.localityName}` : platform,
    description: loaded?.description ?? "",
    image,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const url = new URL(request.url);
  // Rule 5 (following the stored locality after coordinates moved the visitor) is the middleware's.
  const localities = await listLocalities(visitor);
  const locality = localities.find((l) => l.code === params.localityCode);
  if (!locality) {
    // Rule 6: the stored code is cleared with the 404.
    visitor.cookies.push(await clearCookie(localityCookie));
    throw data(LOCALITY_NOT_FOUND, { status: 404 });
  }

  const filters = filtersOf(url.searchParams);
  const pageCount = Math.min(MAX_PAGES, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  // The cart is read once per request (the layout's loader asks for it too); its time is the list's.
  const [{ address }, cart] = await Promise.all([
    deliveryAddressOf(visitor),
    loadCart(visitor, hasSession(visitor)),
  ]);
  const cartTime = cartTimeOf(cart?.cart);
  const point = address ? { latitude: address.latitude, longitude: address.longitude } : null;
  const [banners, categories, found] = await Promise.all([
    loadOptional("banners", () => apiGet(endpoints.localities.banners(locality.code), visitor.caller), []),
    loadOptional("categories", () => apiGet(endpoints.localities.categories(locality.code), visitor.caller), {
      tree: [],
      top: [],
    }),
    apiGet(
      endpoints.localities.vendors(
        locality.code,
        vendorsApiQuery(filters, point, { page: 1, size: pageCount * VENDORS_PAGE_SIZE }, cartTime),
      ),
      visitor.caller,
    ),
  ]);
  // Only what the page renders goes into the document (lib/catalogue-view.ts).
  const vendors: VendorCardsPage = {
    content: found.content.map(vendorCardOf),
    page: pageCount,
    totalElements: found.totalElements,
    totalPages: Math.ceil(found.totalElements / VENDORS_PAGE_SIZE),
  };
  return {
    localityCode: locality.code,
    localityName: locality.name,
    description: categories.top.map((c) => c.name).join(" · "),
    banners: topBannersOf(banners),
    categories: categoryChoicesOf(categories),
    filters,
    vendors,
    point,
    cartTime,
  };
}

export default function LocalityPage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const { banners, categories, filters, vendors, point, cartTime, localityCode, localityName } = loaderData;
  const vendorHref = (id: number) => `/${params.locale}/${localityCode}/vendor/${id}`;
  const pageQuery = useCallback(
    (page: number) => vendorsApiQuery(filters, point, { page, size: VENDORS_PAGE_SIZE }, cartTime),
    [filters, point, cartTime],
  );
  const next = new URLSearchParams();
  for (const id of filters.categories) next.append("categories", String(id));
  if (filters.rating) next.set("rating", filters.rating);
  if (filters.deliveryTime) next.set("deliveryTime", String(filters.deliveryTime));
  next.set("page", String(vendors.page + 1));
  const filtered = countFilters(filters) > 0;
  useCategoryUnavailableAlert(unavailableCategoriesOf(filters.categories, categories));

  return (
    <DefaultLayout
      browsing
      between={vendors.totalElements > 0 ? <FilterBar categories={categories} filters={filters} /> : null}
    >
      {!filtered && <Banners banners={banners} vendorHref={vendorHref} locale={params.locale ?? "en"} />}
      {!filtered && categories.top.length > 0 && (
        <ul
          className="-mx-4 mt-3.5 flex gap-2 overflow-x-auto px-4 py-1.5 [scrollbar-width:none] md:-mx-1.5 md:px-1.5"
          aria-label={t("catalogue.topCategories")}
        >
          {categories.top.map((category) => (
            <li key={category.id} className="shrink-0">
              <Link
                to={`?categories=${category.id}`}
                className="flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full bg-white px-3 text-sm font-medium shadow-sm ring-1 ring-black/5"
              >
                {category.image && (
                  <img
                    src={mediaUrl(category.image.src)}
                    width={24}
                    height={24}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="size-6"
                  />
                )}
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-2xl font-bold">{t("catalogue.title", { locality: localityName })}</h1>
        <p className="text-ink-soft">{t("catalogue.count", { count: vendors.totalElements })}</p>
      </div>
      <div className="mt-4">
        {vendors.totalElements === 0 ? (
          <div className="rounded-2xl bg-white p-8 text-center shadow-sm">
            <p className="text-lg font-semibold">
              {filtered ? t("catalogue.emptyFiltered") : t("catalogue.empty")}
            </p>
            {filtered && (
              <a
                href="?"
                className="mt-4 inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-medium text-brand-ink"
              >
                {t("filters.reset")}
              </a>
            )}
          </div>
        ) : (
          <VendorGrid
            first={vendors}
            nextPageHref={`?${next}`}
            pageQuery={pageQuery}
            vendorHref={(vendor: VendorCardData) => vendorHref(vendor.id)}
          />
        )}
      </div>
    </DefaultLayout>
  );
}
