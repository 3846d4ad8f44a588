import { formatDate, formatMoney } from "@storefront/domain";
import type { LoyaltyAccount } from "@storefront/domain/contract";
import { endpoints } from "@storefront/domain/endpoints";
import { LoyaltyHistory } from "../components/loyalty-history.tsx";
import { titleFrom } from "../components/titled.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { offersLoyalty } from "../lib/loyalty.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { listLocalities, resolveLocalityCode, visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-points";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const localities = await listLocalities(visitor);
  const { code } = await resolveLocalityCode(localities, visitor, null);
  const [t, account] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.loyalty(code), visitor.caller),
  ]);
  return { title: t("menu.points"), account };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The balance and what it takes off at checkout, large, in the brand's soft tint. */
function Balance({ account }: { account: LoyaltyAccount }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="mt-5 rounded-2xl bg-brand-soft p-5">
      <p className="text-sm text-ink-soft">{t("loyalty.balance.label")}</p>
      <p className="text-3xl font-bold">{t("loyalty.balance", { count: account.balance })}</p>
      <p className="mt-1 text-ink-soft">
        {t("loyalty.worth", { amount: formatMoney(account.balanceValue, account.currencyCode, locale) })}
      </p>
    </div>
  );
}

/** How points are earned, what one is worth, the least to spend and, with a balance, its expiry. */
function Terms({ account }: { account: LoyaltyAccount }) {
  const t = useT();
  const locale = useLocale();
  const clock = useCityClock()(account.localityCode);
  const money = (amount: number) => formatMoney(amount, account.currencyCode, locale);
  const terms = [
    t("loyalty.earn", { count: account.earnPoints, amount: money(account.earnPer) }),
    t("loyalty.pointValue", { amount: money(account.pointValue) }),
    account.minimumToRedeem > 0
      ? t("loyalty.minimum", { count: account.minimumToRedeem })
      : t("loyalty.minimum.none"),
    account.expiresAt && account.balance > 0
      ? t("loyalty.expires", { date: formatDate(account.expiresAt, clock, "long") })
      : null,
  ].filter((term) => term !== null);
  return (
    <section aria-labelledby="loyalty-terms" className="grid gap-2">
      <h2 id="loyalty-terms" className="text-lg font-semibold">
        {t("loyalty.terms")}
      </h2>
      <ul className="grid gap-2 list-disc ps-5 marker:text-brand">
        {terms.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The customer's points in the current city: the balance and its worth, how the city's programme
 * works, and the history. A programme paused keeps the balance; a city without one says so (the
 * menu hides the entry there, but the address may still be typed or bookmarked).
 */
export default function PointsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { account } = loaderData;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("menu.points")}</h1>
      {!offersLoyalty(account) ? (
        <p className="mt-3 text-ink-soft">{t("loyalty.off")}</p>
      ) : (
        <>
          <Balance account={account} />
          <div className="mt-6 grid gap-6">
            {account.enabled ? (
              <Terms account={account} />
            ) : (
              <p className="text-ink-soft">{t("loyalty.paused")}</p>
            )}
            <LoyaltyHistory account={account} />
          </div>
        </>
      )}
    </section>
  );
}
