import { formatDate } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { Link } from "react-router";
import { titleFrom } from "../components/titled.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { usePagedList } from "../lib/paged-list.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-reviews";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, first] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.reviews(), visitor.caller),
  ]);
  return { title: t("menu.reviews"), first };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The reviews the customer left, newest first, 30 at a time. */
export default function ReviewsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const clockOf = useCityClock();
  const list = usePagedList(loaderData.first, endpoints.customer.reviews);
  return (
    <section className="grid gap-4 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("menu.reviews")}</h1>
      {list.items.length === 0 ? (
        <div className="py-6 text-center">
          <p className="text-lg font-semibold">{t("reviews.empty")}</p>
          <p className="mt-1 text-ink-soft">{t("reviews.empty.hint")}</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {list.items.map((review) => (
            <li key={review.id} className="grid gap-1 rounded-2xl p-4 ring-1 ring-black/5">
              <p className="font-semibold">
                {review.kind === "VENDOR"
                  ? review.vendorName
                  : t("reviews.courierOf", { name: review.courierName ?? "", vendor: review.vendorName })}
              </p>
              <p>
                <span aria-hidden="true" className="text-amber-500">
                  {"★".repeat(review.rating)}
                  <span className="text-ink-soft/40">{"★".repeat(5 - review.rating)}</span>
                </span>
                <span className="sr-only">{t("review.rating", { rating: review.rating })}</span>
              </p>
              {review.comment && <p className="text-ink-soft">{review.comment}</p>}
              <p className="text-sm text-ink-soft">
                <Link to={`/${locale}/menu/orders/${review.orderId}/details`} className="underline">
                  {t("success.number", { id: String(review.orderId) })}
                </Link>{" "}
                · {formatDate(review.createdAt, clockOf(review.localityCode))}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && (
        <button
          type="button"
          onClick={() => void list.loadMore()}
          aria-busy={list.loading || undefined}
          className="min-h-11 justify-self-center rounded-full border border-line px-6 font-medium"
        >
          {t("orders.more")}
        </button>
      )}
    </section>
  );
}
