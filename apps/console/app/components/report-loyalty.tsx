import { numberFormat } from "@storefront/domain";
import type { ConsoleReport } from "@storefront/domain/contract";
import { useMemo } from "react";
import { useLocale, useT } from "../lib/i18n.ts";
import { Figure } from "./report-figure.tsx";

/**
 * The city's loyalty points over the period: issued, spent, expired and taken back by refunds, and
 * the balance customers hold at its end with what it would take off at checkout (the partner's liability).
 */
export function ReportLoyalty({
  loyalty,
  currencyCode,
}: {
  loyalty: NonNullable<ConsoleReport["loyalty"]>;
  currencyCode: string;
}) {
  const t = useT();
  const locale = useLocale();
  const count = useMemo(() => numberFormat(locale), [locale]);
  const money = useMemo(
    () => numberFormat(locale, { style: "currency", currency: currencyCode }),
    [locale, currencyCode],
  );
  return (
    <section aria-labelledby="loyalty" className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-line">
      <h2 id="loyalty" className="font-semibold">
        {t("reports.loyalty")}
      </h2>
      <p className="text-ink-soft text-sm">{t("reports.loyalty.about")}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label={t("reports.loyalty.issued")} value={count.format(loyalty.issued)} />
        <Figure label={t("reports.loyalty.redeemed")} value={count.format(loyalty.redeemed)} />
        <Figure label={t("reports.loyalty.expired")} value={count.format(loyalty.expired)} />
        <Figure label={t("reports.loyalty.reversed")} value={count.format(loyalty.reversed)} />
        <Figure label={t("reports.loyalty.outstanding")} value={count.format(loyalty.outstanding)} />
        <Figure
          label={t("reports.loyalty.outstandingValue")}
          value={money.format(loyalty.outstandingValue)}
        />
      </dl>
    </section>
  );
}
