import type { FavouriteVendorsPage } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { FavouriteProductCard } from "../components/favourite-product-card.tsx";
import { PagedSection } from "../components/paged-section.tsx";
import { titleFrom } from "../components/titled.ts";
import { VendorCard } from "../components/vendor-card.tsx";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { type VendorCardData, vendorCardOf } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import type { ListPage } from "../lib/paged-list.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-favorites";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

type FavouriteVendor = FavouriteVendorsPage["content"][number];

/** A favourite vendor as its card shows it, with the locality its link goes to. */
function favouriteVendorOf({ id, vendor }: FavouriteVendor) {
  return { id, localityCode: vendor.localityCode, vendor: vendorCardOf(vendor) };
}

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, vendors, products] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.favouriteVendors(), visitor.caller),
    apiGet(endpoints.customer.favouriteProducts(), visitor.caller),
  ]);
  const vendorCards: ListPage<{ id: number; localityCode: string; vendor: VendorCardData }> = {
    ...vendors,
    content: vendors.content.map(favouriteVendorOf),
  };
  return { title: t("title.favorites"), vendors: vendorCards, products };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's favourite vendors, then products, each 30 at a time until all are loaded. */
export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { vendors, products } = loaderData;
  const empty = vendors.content.length === 0 && products.content.length === 0;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.favorites")}</h1>
      {empty && (
        <div className="mt-6 text-center">
          <p className="text-lg font-semibold">{t("favourites.empty")}</p>
          <p className="mt-1 text-ink-soft">{t("favourites.empty.hint")}</p>
        </div>
      )}
      <PagedSection
        title={t("favourites.vendors")}
        first={vendors}
        pageAt={endpoints.customer.favouriteVendors}
        select={favouriteVendorOf}
        gridClassName="sm:grid-cols-2"
        renderItem={({ vendor, localityCode }) => (
          <VendorCard vendor={vendor} href={`/${locale}/${localityCode}/vendor/${vendor.id}`} />
        )}
      />
      <PagedSection
        title={t("favourites.products")}
        first={products}
        pageAt={endpoints.customer.favouriteProducts}
        gridClassName="sm:grid-cols-2"
        renderItem={({ product }) => <FavouriteProductCard product={product} />}
      />
    </section>
  );
}
