import type { FavouriteVendorsPage } from "@storefront/domain/contract";
import { titleFrom } from "../components/titled.ts";
import { VendorCard } from "../components/vendor-card.tsx";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { usePagedList } from "../lib/paged-list.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-favorites";

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, first] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet<FavouriteVendorsPage>("/customer/me/favourites/vendors", visitor.caller),
  ]);
  return { title: t("title.favorites"), first };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's favourite vendors, 30 at a time; no more pages once all are loaded. */
export default function FavouritesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const list = usePagedList(loaderData.first, "/customer/me/favourites/vendors");
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.favorites")}</h1>
      {list.items.length === 0 ? (
        <div className="mt-6 text-center">
          <p className="text-lg font-semibold">{t("favourites.empty")}</p>
          <p className="mt-1 text-ink-soft">{t("favourites.empty.hint")}</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {list.items.map(({ id, vendor }) => (
            <li key={id}>
              <VendorCard
                vendor={vendor}
                href={`/${locale}/${vendor.localityCode}/vendor/${vendor.id}`}
                eager={false}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && (
        <button
          type="button"
          className="mt-6 min-h-11 rounded-full border border-line px-6 font-medium"
          aria-busy={list.loading || undefined}
          onClick={() => void list.loadMore()}
        >
          {t("catalogue.showMore")}
        </button>
      )}
    </section>
  );
}
