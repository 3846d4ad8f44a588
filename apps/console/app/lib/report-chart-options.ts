import uPlot from "uplot";

/** The steps between the orders' scale lines: whole orders. */
const ORDER_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000,
];

/**
 * The steps between the days named on the axis: every day, every other day, … as many as the
 * chart's width has room for (uPlot takes the first that leaves `DAY_SPACE` between two names).
 */
const DAY_STEPS = [1, 2, 3, 5, 7, 10, 14, 21, 28, 35, 42, 56, 70, 91, 182, 364];

/** Room for a day's name on the axis ("12-07") and a gap before the next, in CSS pixels. */
const DAY_SPACE = 48;

/** How the report's chart is drawn: its days, the names of its series, its colour and direction. */
export interface ReportChartLook {
  dates: string[];
  labels: { date: string; orders: string; revenue: string };
  formatRevenue: (value: number) => string;
  /** The chart's colour for orders (the partner's accent). */
  accent: string;
  /** The page's direction: right to left, the days run from the right, as the page reads. */
  direction: "ltr" | "rtl";
}

/**
 * The chart's options: the days in the page's reading order, orders as bars on the scale at the
 * left, revenue as a line on its own scale at the right. The scales stay where they are in Arabic:
 * the orders' scale carries its name turned upright, and Chromium cuts Arabic words turned the way
 * the right-hand side turns them (uPlot draws the right's name clockwise).
 */
export function reportChartOptions(
  { dates, labels, formatRevenue, accent, direction }: ReportChartLook,
  width: number,
): uPlot.Options {
  const rtl = direction === "rtl";
  // The days are places on the axis, named by their date: no clock, no time zone.
  const dayOf = (index: number) => (Number.isInteger(index) ? (dates[index]?.slice(5) ?? "") : "");
  return {
    width,
    height: 280,
    // The legend names the series with their markers; the figures are the table's, and a live
    // legend read "Orders: --" until a pointer rested on a day (none on a tablet).
    legend: { show: true, live: false },
    scales: {
      x: { time: false, dir: rtl ? -1 : 1, range: [-0.5, Math.max(0.5, dates.length - 0.5)] },
      orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
    },
    axes: [
      // Recounted when the chart is resized: a phone names fewer days than a tablet.
      { space: DAY_SPACE, incrs: DAY_STEPS, values: (_u, ticks) => ticks.map(dayOf) },
      // Orders are counted whole: no scale line at 0.2 of an order.
      { scale: "orders", label: labels.orders, side: 3, size: 56, incrs: ORDER_STEPS },
      {
        scale: "revenue",
        side: 1,
        size: 80,
        grid: { show: false },
        values: (_u, ticks) => ticks.map(formatRevenue),
      },
    ],
    series: [
      { label: labels.date, value: (_u, index) => (index === null ? "" : (dates[index] ?? "")) },
      {
        label: labels.orders,
        scale: "orders",
        fill: `${accent}55`,
        stroke: accent,
        paths: uPlot.paths.bars?.({ size: [0.6, 60] }),
      },
      {
        label: labels.revenue,
        scale: "revenue",
        stroke: "#c2410c",
        width: 2,
        value: (_u, value) => (value === null ? "" : formatRevenue(value)),
      },
    ],
  };
}
