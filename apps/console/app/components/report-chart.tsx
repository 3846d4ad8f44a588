import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/**
 * Orders (bars) and revenue (a line, on its own scale) per day, drawn by uPlot on a canvas that
 * follows its box's width. The canvas is an image named by `label`; the figures themselves are in
 * the table the screen shows with it.
 */
export default function ReportChart({
  dates,
  orders,
  revenue,
  labels,
  formatRevenue,
  label,
}: {
  dates: string[];
  orders: number[];
  revenue: number[];
  labels: { date: string; orders: string; revenue: string };
  formatRevenue: (value: number) => string;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The days are places on the axis, named by their date: no clock, no time zone.
    const xs = dates.map((_, index) => index);
    const dayOf = (index: number) => (Number.isInteger(index) ? (dates[index]?.slice(5) ?? "") : "");
    const accent =
      getComputedStyle(document.documentElement).getPropertyValue("--accent").trim() || "#0f766e";
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: 280,
        // The legend names the series with their markers; the figures are the table's, and a
        // live legend read "Orders: --" until a pointer rested on a day (none on a tablet).
        legend: { show: true, live: false },
        scales: {
          x: { time: false, range: [-0.5, Math.max(0.5, dates.length - 0.5)] },
          orders: { range: (_u, _min, max) => [0, Math.max(1, max)] },
        },
        axes: [
          {
            splits: () => xs.filter((index) => index % Math.ceil(dates.length / 10) === 0),
            values: (_u, ticks) => ticks.map(dayOf),
          },
          { scale: "orders", label: labels.orders, size: 56 },
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
      },
      [xs, orders, revenue],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: 280 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dates, orders, revenue, labels, formatRevenue]);
  return <div ref={box} role="img" aria-label={label} className="w-full" />;
}
