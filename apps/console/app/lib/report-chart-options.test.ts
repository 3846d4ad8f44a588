import { describe, expect, it } from "vitest";
import { reportChartOptions } from "./report-chart-options.ts";

const chart = (direction: "ltr" | "rtl") =>
  reportChartOptions(
    {
      dates: ["2026-12-01", "2026-12-02", "2026-12-03"],
      labels: { date: "Date", orders: "Orders", revenue: "Revenue" },
      formatRevenue: (value) => `€${value}`,
      accent: "#0f766e",
      direction,
    },
    600,
  );

// uPlot's sides: 1 is the right, 3 the left.
describe("reportChartOptions", () => {
  it("runs the days from the left in a left-to-right page, orders' scale at the left", () => {
    const options = chart("ltr");
    expect(options.scales?.x?.dir).toBe(1);
    expect(options.axes?.map((axis) => axis.side)).toEqual([undefined, 3, 1]);
  });

  it("runs the days from the right in Arabic, as the page reads", () => {
    const options = chart("rtl");
    expect(options.scales?.x?.dir).toBe(-1);
    expect(options.axes?.map((axis) => axis.side)).toEqual([undefined, 3, 1]);
  });

  it("names each day on the axis by its month and day", () => {
    const values = chart("rtl").axes?.[0]?.values;
    expect(typeof values === "function" && values({} as never, [0, 2], 0, 0, 0)).toEqual(["12-01", "12-03"]);
  });

  it("leaves the days named on the axis to the chart's width, whole days apart", () => {
    // uPlot picks the first step that leaves this much room between two names, again on each
    // resize: a phone named every day of a week on top of each other when ten were always named.
    const axis = chart("ltr").axes?.[0];
    expect(axis?.splits).toBeUndefined();
    expect(axis?.space).toBeGreaterThanOrEqual("12-07".length * 8);
    const steps = axis?.incrs;
    expect(Array.isArray(steps) && steps[0] === 1 && steps.every(Number.isInteger)).toBe(true);
  });

  it("counts orders whole on their scale", () => {
    const steps = chart("ltr").axes?.[1]?.incrs;
    expect(Array.isArray(steps) && steps.every(Number.isInteger)).toBe(true);
  });
});
