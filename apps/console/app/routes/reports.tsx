import {
  addDaysToLocalDate,
  CALENDAR_INPUT_BOUNDS,
  localDateOf,
  numberFormat,
  REPORT_MAX_DAYS,
} from "@storefront/domain";
import type { ConsoleReport, StaffMember } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { Form, useLoaderData, useNavigation, useOutletContext } from "react-router";
import { FIELD_CLASS, Notice } from "../components/form-parts.tsx";
import { PageTitle } from "../components/page-title.tsx";
import { Figure } from "../components/report-figure.tsx";
import { ReportFunnel } from "../components/report-funnel.tsx";
import { ReportLoyalty } from "../components/report-loyalty.tsx";
import { ReportTable } from "../components/report-table.tsx";
import { ConsoleApiError, consoleApi, signInRedirect } from "../lib/api.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { reportCsv } from "../lib/report-csv.ts";
import type { Route } from "./+types/reports";

/** uPlot comes with this screen only, and only in the browser. */
const ReportChart = lazy(() => import("../components/report-chart.tsx"));

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  try {
    const { localities } = await consoleApi(consoleEndpoints.localities());
    const localityCode = search.get("city") || localities[0]?.code || "";
    const city = localities.find((locality) => locality.code === localityCode);
    // The default period is the week up to today on the city's calendar, wherever the console is read.
    const to = search.get("to") || localDateOf(new Date(), city?.timeZone ?? "UTC");
    const from = search.get("from") || addDaysToLocalDate(to, -6);
    const vendorId = search.get("vendor") || "";
    const filters = { from, to, localityCode, vendorId };
    if (!localityCode) return { localities, filters, report: null, funnel: null, refused: false };
    try {
      const [report, funnel] = await Promise.all([
        consoleApi(consoleEndpoints.reports({ from, to, localityCode, vendorId })),
        consoleApi(consoleEndpoints.reportFunnel({ from, to, localityCode })),
      ]);
      return { localities, filters, report, funnel, refused: false };
    } catch (error) {
      if (error instanceof ConsoleApiError && error.status === 400)
        return { localities, filters, report: null, funnel: null, refused: true };
      throw error;
    }
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/**
 * A city's (or a vendor's) orders over a period: figures, a chart per day, the funnel, loyalty points,
 * best sellers, reasons, times, ratings.
 */
export default function Reports() {
  const t = useT();
  const locale = useLocale();
  const member = useOutletContext<StaffMember>();
  const { localities, filters, report, funnel, refused } = useLoaderData<typeof clientLoader>();
  const busy = useNavigation().state !== "idle";
  const vendors = member.vendors.filter((vendor) => vendor.localityCode === filters.localityCode);
  const currency = report?.currencyCode ?? "EUR";
  const money = useMemo(() => numberFormat(locale, { style: "currency", currency }), [locale, currency]);
  const count = useMemo(() => numberFormat(locale), [locale]);
  const percent = useMemo(
    () => numberFormat(locale, { style: "percent", maximumFractionDigits: 1 }),
    [locale],
  );
  const formatRevenue = useCallback((value: number) => money.format(value), [money]);
  const series = useMemo(
    () => ({
      dates: report?.days.map((day) => day.date) ?? [],
      orders: report?.days.map((day) => day.orders) ?? [],
      revenue: report?.days.map((day) => day.revenue) ?? [],
    }),
    [report],
  );
  const chartLabels = useMemo(
    () => ({ date: t("reports.date"), orders: t("reports.orders"), revenue: t("reports.revenue") }),
    [t],
  );
  const rate = (value: number | null) => (value === null ? "—" : percent.format(value));
  const download = () => {
    if (!report) return;
    // "Loyalty points: Issued": in a spreadsheet, away from the screen's heading, a figure names whose it is.
    const loyaltyFigure = (name: string) => `${t("reports.loyalty")}: ${name}`;
    const csv = reportCsv(report, {
      date: t("reports.date"),
      orders: t("reports.orders"),
      revenue: `${t("reports.revenue")} (${report.currencyCode})`,
      refunded: `${t("reports.refunded")} (${report.currencyCode})`,
      cancelled: t("reports.cancelled"),
      declined: t("reports.declined"),
      total: t("reports.total"),
      loyalty: {
        issued: loyaltyFigure(t("reports.loyalty.issued")),
        redeemed: loyaltyFigure(t("reports.loyalty.redeemed")),
        expired: loyaltyFigure(t("reports.loyalty.expired")),
        reversed: loyaltyFigure(t("reports.loyalty.reversed")),
        outstanding: loyaltyFigure(t("reports.loyalty.outstanding")),
        outstandingValue: loyaltyFigure(`${t("reports.loyalty.outstandingValue")} (${report.currencyCode})`),
      },
    });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([`\ufeff${csv}`], { type: "text/csv;charset=utf-8" }));
    link.download = `report-${report.localityCode}${report.vendorId ? `-${report.vendorId}` : ""}-${report.from}-${report.to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };
  const rating = (summary: ConsoleReport["ratings"]["vendor"]) =>
    summary.average === null
      ? t("reports.noRatings")
      : t("reports.ratingValue", { average: summary.average.toFixed(2), count: summary.count });
  return (
    <main className="mx-auto grid max-w-screen-lg gap-4 p-4">
      <PageTitle>{t("reports.title")}</PageTitle>
      <h1 className="font-semibold text-2xl">{t("reports.title")}</h1>
      <Form
        method="get"
        className="grid gap-3 rounded-2xl bg-white p-4 ring-1 ring-line sm:grid-cols-5 sm:items-end"
      >
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("reports.city")}</span>
          <select name="city" defaultValue={filters.localityCode} className={FIELD_CLASS}>
            {localities.map((city) => (
              <option key={city.code} value={city.code}>
                {city.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("reports.vendor")}</span>
          <select name="vendor" defaultValue={filters.vendorId} className={FIELD_CLASS}>
            <option value="">{t("reports.allVendors")}</option>
            {vendors.map((vendor) => (
              <option key={vendor.id} value={vendor.id}>
                {vendor.name}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("reports.from")}</span>
          <input
            type="date"
            name="from"
            {...CALENDAR_INPUT_BOUNDS.date}
            defaultValue={filters.from}
            required
            className={FIELD_CLASS}
          />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-medium">{t("reports.to")}</span>
          <input
            type="date"
            name="to"
            {...CALENDAR_INPUT_BOUNDS.date}
            defaultValue={filters.to}
            required
            className={FIELD_CLASS}
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-accent px-4 py-2 font-semibold text-white disabled:opacity-60"
        >
          {t("reports.show")}
        </button>
      </Form>
      {refused ? <Notice tone="bad">{t("reports.rangeError", { days: REPORT_MAX_DAYS })}</Notice> : null}
      {report ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-ink-soft text-sm">{t("reports.amounts", { currency: report.currencyCode })}</p>
            <button
              type="button"
              onClick={download}
              className="rounded-lg border border-line px-3 py-1.5 text-sm"
            >
              {t("reports.download")}
            </button>
          </div>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Figure label={t("reports.orders")} value={count.format(report.totals.orders)} />
            <Figure label={t("reports.revenue")} value={money.format(report.totals.revenue)} />
            <Figure label={t("reports.refunded")} value={money.format(report.totals.refunded)} />
            <Figure
              label={t("reports.averageBasket")}
              value={report.totals.averageBasket === null ? "—" : money.format(report.totals.averageBasket)}
            />
            <Figure label={t("reports.completed")} value={count.format(report.totals.completed)} />
            <Figure label={t("reports.cancellationRate")} value={rate(report.totals.cancellationRate)} />
            <Figure label={t("reports.declineRate")} value={rate(report.totals.declineRate)} />
          </dl>
          <section aria-labelledby="per-day" className="grid gap-2 rounded-2xl bg-white p-4 ring-1 ring-line">
            <h2 id="per-day" className="font-semibold">
              {t("reports.perDay")}
            </h2>
            <Suspense fallback={<div className="h-72 animate-pulse rounded-lg bg-surface" />}>
              <ReportChart
                {...series}
                labels={chartLabels}
                formatRevenue={formatRevenue}
                label={t("reports.chartLabel", { from: report.from, to: report.to })}
              />
            </Suspense>
            <details>
              <summary className="cursor-pointer text-accent text-sm underline">
                {t("reports.figures")}
              </summary>
              <ReportTable
                caption={t("reports.perDay")}
                head={[
                  t("reports.date"),
                  t("reports.orders"),
                  t("reports.revenue"),
                  t("reports.refunded"),
                  t("reports.cancelled"),
                  t("reports.declined"),
                ]}
                rows={report.days.map((day) => [
                  day.date,
                  count.format(day.orders),
                  money.format(day.revenue),
                  money.format(day.refunded),
                  count.format(day.cancelled),
                  count.format(day.declined),
                ])}
              />
            </details>
          </section>
          {/* The city's visits: a vendor chosen above narrows the orders, not the funnel. */}
          {funnel ? <ReportFunnel funnel={funnel} /> : null}
          {/* The city's points: a vendor's report has none. */}
          {report.loyalty ? (
            <ReportLoyalty loyalty={report.loyalty} currencyCode={report.currencyCode} />
          ) : null}
          <div className="grid gap-4 lg:grid-cols-2">
            <section aria-labelledby="top" className="rounded-2xl bg-white p-4 ring-1 ring-line">
              <h2 id="top" className="font-semibold">
                {t("reports.topProducts")}
              </h2>
              {report.topProducts.length === 0 ? (
                <p className="mt-2 text-ink-soft text-sm">{t("reports.noProducts")}</p>
              ) : (
                <ReportTable
                  caption={t("reports.topProducts")}
                  head={[t("reports.product"), t("reports.units"), t("reports.revenue")]}
                  rows={report.topProducts.map((product) => [
                    product.name,
                    count.format(product.count),
                    money.format(product.revenue),
                  ])}
                />
              )}
            </section>
            <section aria-labelledby="reasons" className="rounded-2xl bg-white p-4 ring-1 ring-line">
              <h2 id="reasons" className="font-semibold">
                {t("reports.reasons")}
              </h2>
              {report.reasons.length === 0 ? (
                <p className="mt-2 text-ink-soft text-sm">{t("reports.noReasons")}</p>
              ) : (
                <ReportTable
                  caption={t("reports.reasons")}
                  head={[t("reports.reason"), t("reports.outcome"), t("reports.orders")]}
                  rows={report.reasons.map((reason) => [
                    reason.reason ?? t("reports.noReason"),
                    t(reason.outcome === "DECLINED" ? "reports.declined" : "reports.cancelled"),
                    count.format(reason.count),
                  ])}
                />
              )}
            </section>
            <section aria-labelledby="delivery" className="rounded-2xl bg-white p-4 ring-1 ring-line">
              <h2 id="delivery" className="font-semibold">
                {t("reports.delivery")}
              </h2>
              {report.delivery.orders === 0 ? (
                <p className="mt-2 text-ink-soft text-sm">{t("reports.noDeliveries")}</p>
              ) : (
                <dl className="mt-2 grid grid-cols-2 gap-2">
                  <Figure label={t("reports.deliveries")} value={count.format(report.delivery.orders)} />
                  <Figure label={t("reports.late")} value={count.format(report.delivery.late)} />
                  <Figure
                    label={t("reports.promised")}
                    value={t("reports.minutes", { minutes: report.delivery.promisedMinutes ?? 0 })}
                  />
                  <Figure
                    label={t("reports.actual")}
                    value={t("reports.minutes", { minutes: report.delivery.actualMinutes ?? 0 })}
                  />
                </dl>
              )}
            </section>
            <section aria-labelledby="ratings" className="rounded-2xl bg-white p-4 ring-1 ring-line">
              <h2 id="ratings" className="font-semibold">
                {t("reports.ratings")}
              </h2>
              <dl className="mt-2 grid grid-cols-2 gap-2">
                <Figure label={t("reports.vendorRating")} value={rating(report.ratings.vendor)} />
                <Figure label={t("reports.courierRating")} value={rating(report.ratings.courier)} />
              </dl>
            </section>
          </div>
        </>
      ) : null}
    </main>
  );
}
