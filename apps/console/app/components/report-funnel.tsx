import { FUNNEL_STEPS, numberFormat } from "@storefront/domain";
import type { ConsoleFunnel } from "@storefront/domain/contract";
import { useMemo } from "react";
import { useLocale, useT } from "../lib/i18n.ts";
import { ReportTable } from "./report-table.tsx";

/**
 * The storefront's funnel in the city: visits that viewed a page, added to a cart, opened the
 * checkout and placed an order, each with its share of the step before, and the same per day.
 */
export function ReportFunnel({ funnel }: { funnel: ConsoleFunnel }) {
  const t = useT();
  const locale = useLocale();
  const count = useMemo(() => numberFormat(locale), [locale]);
  const percent = useMemo(
    () => numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
    [locale],
  );
  const rate = (value: number | null) => (value === null ? "—" : percent.format(value));
  const stepNames = FUNNEL_STEPS.map((step) => t(`reports.funnel.step.${step}`));
  return (
    <section aria-labelledby="funnel" className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-line">
      <h2 id="funnel" className="font-semibold">
        {t("reports.funnel")}
      </h2>
      <p className="text-ink-soft text-sm">{t("reports.funnel.about")}</p>
      {FUNNEL_STEPS.every((step) => funnel.totals[step] === 0) ? (
        <p className="text-ink-soft text-sm">{t("reports.funnel.none")}</p>
      ) : (
        <>
          <ReportTable
            caption={t("reports.funnel")}
            head={[t("reports.funnel.step"), t("reports.funnel.visits"), t("reports.funnel.ofPrevious")]}
            rows={FUNNEL_STEPS.map((step, index) => [
              stepNames[index] ?? step,
              count.format(funnel.totals[step]),
              step === "visits" ? "—" : rate(funnel.stepRates[step]),
            ])}
          />
          <p className="text-sm">{t("reports.funnel.conversion", { rate: rate(funnel.conversion) })}</p>
          <details>
            <summary className="cursor-pointer text-accent text-sm underline">
              {t("reports.funnel.perDay")}
            </summary>
            <ReportTable
              caption={t("reports.funnel.perDay")}
              head={[t("reports.date"), ...stepNames]}
              rows={funnel.days.map((day) => [
                day.date,
                ...FUNNEL_STEPS.map((step) => count.format(day[step])),
              ])}
            />
          </details>
        </>
      )}
    </section>
  );
}
