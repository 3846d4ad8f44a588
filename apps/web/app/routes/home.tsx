import { chooseImageVariant, formatMinutesRange } from "@storefront/domain";
import type { Locality, LocalityParams, VendorsPage } from "@storefront/domain/contract";
import { apiGet } from "../lib/api.server.ts";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  return [{ title: data ? `${data.params.publicInfo.platformName} — ${data.locality.name}` : "Storefront" }];
}

/** A first shell: the default locality's open vendors, straight from the catalogue API. */
export async function loader() {
  const localities = await apiGet<Locality[]>("/public/localities", { locale: "en" });
  const locality = await apiGet<Locality>("/public/localities/nearest", { locale: "en" });
  const [params, vendors] = await Promise.all([
    apiGet<LocalityParams>(`/public/localities/${locality.code}/params`, { locale: "en" }),
    apiGet<VendorsPage>(`/public/localities/${locality.code}/vendors?size=12`, { locale: "en" }),
  ]);
  return { localities, locality, params, vendors };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { localities, locality, params, vendors } = loaderData;
  const money = new Intl.NumberFormat("en", { style: "currency", currency: params.locale.currencyCode });
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <header className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand">{params.publicInfo.platformName}</h1>
        <nav aria-label="Localities" className="flex gap-3 text-sm">
          {localities.map((l) => (
            <span key={l.code} className={l.code === locality.code ? "font-semibold" : "text-neutral-500"}>
              {l.name}
            </span>
          ))}
        </nav>
      </header>
      <h2 className="mt-6 text-lg font-semibold">
        Restaurants and stores in {locality.name} · {vendors.totalElements}
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {vendors.content.map((vendor, index) => {
          const picture = vendor.image ? chooseImageVariant(vendor.image, 600) : null;
          return (
            <li key={vendor.id} className="overflow-hidden rounded-2xl bg-white shadow-sm">
              {picture && (
                <img
                  src={picture.src}
                  srcSet={picture.srcSet}
                  sizes="(min-width: 1024px) 384px, (min-width: 640px) 50vw, 100vw"
                  width={picture.width}
                  height={picture.height}
                  alt=""
                  loading={index < 3 ? "eager" : "lazy"}
                  className="aspect-[3/2] w-full object-cover"
                />
              )}
              <div className="p-3">
                <h3 className="font-semibold">{vendor.name}</h3>
                <p className="text-sm text-neutral-600">
                  {vendor.working
                    ? `${formatMinutesRange(vendor.minEstimatedDeliveryDuration, vendor.maxEstimatedDeliveryDuration)} min`
                    : "Closed"}
                  {" · "}
                  {vendor.deliveryPrice === 0 ? "Free delivery" : money.format(vendor.deliveryPrice)}
                  {vendor.rating !== null && ` · ★ ${vendor.rating.toFixed(1)}`}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
