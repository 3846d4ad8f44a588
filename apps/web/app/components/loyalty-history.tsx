import { formatDate } from "@storefront/domain";
import type { LoyaltyAccount } from "@storefront/domain/contract";
import { Link } from "react-router";
import { useCityClock } from "../lib/city-clock.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { describeLoyaltyEntry, formatSignedPoints } from "../lib/loyalty.ts";
import { Ltr } from "./ltr.tsx";

/**
 * The customer's points in a city line by line, the latest first: what each was in words (an
 * order's line links to the order), when, and the points it added or took.
 */
export function LoyaltyHistory({ account }: { account: LoyaltyAccount }) {
  const t = useT();
  const locale = useLocale();
  const clock = useCityClock()(account.localityCode);
  return (
    <section aria-labelledby="loyalty-history" className="grid gap-3">
      <h2 id="loyalty-history" className="text-lg font-semibold">
        {t("loyalty.history")}
      </h2>
      {account.entries.length === 0 ? (
        <p className="rounded-2xl bg-surface p-4 text-ink-soft">{t("loyalty.history.empty")}</p>
      ) : (
        <ul className="grid divide-y divide-line rounded-2xl ring-1 ring-black/5">
          {account.entries.map((entry, index) => {
            const text = t(describeLoyaltyEntry(entry), { id: String(entry.orderId) });
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; the API's list is never reordered here
              <li key={index} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium">
                    {entry.orderId === null ? (
                      text
                    ) : (
                      <Link to={`/${locale}/menu/orders/${entry.orderId}/details`} className="underline">
                        {text}
                      </Link>
                    )}
                  </p>
                  <p className="text-sm text-ink-soft">{formatDate(entry.createdAt, clock)}</p>
                </div>
                <Ltr
                  className={`shrink-0 font-semibold tabular-nums ${entry.points > 0 ? "text-emerald-700" : "text-ink-soft"}`}
                >
                  {formatSignedPoints(entry.points, locale)}
                </Ltr>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
