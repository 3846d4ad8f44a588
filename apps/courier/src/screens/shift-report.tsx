import type { CourierShiftReport } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import { type ReactNode, useEffect, useState } from "react";
import { courierApi, NoNetwork } from "../lib/api.ts";
import { useWords } from "../lib/i18n.ts";
import { Notice, ScreenTitle } from "./parts.tsx";

function Figure({ label, children, large = false }: { label: string; children: ReactNode; large?: boolean }) {
  return (
    <div className={`flex flex-col rounded-xl border-2 px-4 py-3 ${large ? "border-ink" : "border-line"}`}>
      <dt className="font-semibold">{label}</dt>
      <dd className={large ? "text-4xl font-black" : "text-2xl font-bold"}>{children}</dd>
    </div>
  );
}

/**
 * The shift in figures (the one under way, else the last): deliveries, distance, the cash to hand
 * in (first and largest: it is what the courier must bring back), earnings and tips.
 */
export function ShiftReport({ onBack }: { onBack: () => void }) {
  const { t, money, number, time } = useWords();
  const [report, setReport] = useState<CourierShiftReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    courierApi(courierEndpoints.shiftReport())
      .then(setReport)
      .catch((failure) => setError(t(failure instanceof NoNetwork ? "error.offline" : "error.generic")));
  }, [t]);

  const amount = (value: number) => (
    <bdi>{report?.currencyCode ? money(value, report.currencyCode) : number(value)}</bdi>
  );
  return (
    <section aria-labelledby="report-title" className="flex flex-col gap-4 p-4">
      <ScreenTitle title={t("report.title")} onBack={onBack} />
      {error ? <Notice tone="bad">{error}</Notice> : null}
      {report ? (
        <>
          <p className="text-lg">
            {report.shiftStartedAt
              ? report.shiftEndedAt
                ? t("report.ended", { from: time(report.shiftStartedAt), to: time(report.shiftEndedAt) })
                : t("report.underWay", { from: time(report.shiftStartedAt) })
              : t("report.none")}
          </p>
          <dl className="flex flex-col gap-3">
            <Figure label={t("report.cash")} large>
              {amount(report.cashCollected)}
            </Figure>
            <Figure label={t("report.deliveries")}>{number(report.deliveries)}</Figure>
            <Figure label={t("report.distance")}>
              {t("report.km", { km: number(report.distanceKm, 1) })}
            </Figure>
            <Figure label={t("report.earnings")}>{amount(report.earnings)}</Figure>
            <Figure label={t("report.tips")}>{amount(report.tips)}</Figure>
          </dl>
        </>
      ) : error ? null : (
        <p role="status">{t("report.loading")}</p>
      )}
    </section>
  );
}
