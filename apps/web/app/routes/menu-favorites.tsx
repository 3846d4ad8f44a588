import type { FavouriteVendorsPage } from "@storefront/domain/contract";
import { useState } from "react";
import { titleFrom } from "../components/titled.ts";
import { VendorCard } from "../components/vendor-card.tsx";
import { clientGet } from "../lib/api.client.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
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
  const { client } = useStorefront();
  const { first } = loaderData;
  const [pages, setPages] = useState({ key: first, items: first.content, page: first.page });
  if (pages.key !== first) setPages({ key: first, items: first.content, page: first.page });
  const more = pages.items.length < first.totalElements;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.favorites")}</h1>
      {pages.items.length === 0 ? (
        <div className="mt-6 text-center">
          <p className="text-lg font-semibold">{t("favourites.empty")}</p>
          <p className="mt-1 text-ink-soft">{t("favourites.empty.hint")}</p>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {pages.items.map(({ id, vendor }) => (
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
      {more && (
        <button
          type="button"
          className="mt-6 min-h-11 rounded-full border border-line px-6 font-medium"
          onClick={async () => {
            const next = await clientGet<FavouriteVendorsPage>(
              client,
              `/customer/me/favourites/vendors?page=${pages.page + 1}`,
              locale,
            );
            setPages((current) => ({
              ...current,
              items: [...current.items, ...next.content],
              page: next.page,
            }));
          }}
        >
          {t("catalogue.showMore")}
        </button>
      )}
    </section>
  );
}
