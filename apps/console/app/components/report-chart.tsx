import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { reportChartOptions } from "../lib/report-chart-options.ts";

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
    const accent =
      getComputedStyle(document.documentElement).getPropertyValue("--accent").trim() || "#0f766e";
    const direction = getComputedStyle(element).direction === "rtl" ? "rtl" : "ltr";
    const plot = new uPlot(
      reportChartOptions({ dates, labels, formatRevenue, accent, direction }, element.clientWidth),
      [dates.map((_, index) => index), orders, revenue],
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
