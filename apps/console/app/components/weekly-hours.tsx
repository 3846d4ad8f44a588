import type { WorkingInterval } from "@storefront/domain";
import { dateTimeFormat, WEEK_DAYS } from "@storefront/domain";
import { useState } from "react";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";

/** A Monday, to name the weekdays in the reader's language. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/**
 * Opening spans per weekday (a vendor's, or the partner's support hours), edited in place and sent
 * as one JSON field (`name`, by default `workingHours`). A span that ends at or before it starts runs
 * past midnight; a day without spans is closed.
 */
export function WeeklyHours({
  initial,
  name: field = "workingHours",
  legend = "vendor.hours",
}: {
  initial: WorkingInterval[];
  name?: string;
  legend?: MessageKey;
}) {
  const t = useT();
  const locale = useLocale();
  const [spans, setSpans] = useState(initial);
  const weekday = dateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
  const update = (index: number, change: Partial<WorkingInterval>) =>
    setSpans(spans.map((span, i) => (i === index ? { ...span, ...change } : span)));
  return (
    <fieldset className="grid gap-2">
      <legend className="font-semibold text-lg">{t(legend)}</legend>
      <p className="text-ink-soft text-sm">{t("vendor.hoursHint")}</p>
      <input type="hidden" name={field} value={JSON.stringify(spans)} />
      {WEEK_DAYS.map((day, dayIndex) => {
        const name = weekday.format(new Date(A_MONDAY + dayIndex * 86_400_000));
        const ofDay = spans.map((span, index) => ({ span, index })).filter(({ span }) => span.day === day);
        return (
          <div
            key={day}
            className="grid gap-2 rounded-xl bg-white p-3 ring-1 ring-line sm:grid-cols-[10rem_1fr]"
          >
            <p className="font-medium capitalize">{name}</p>
            <div className="flex flex-wrap items-center gap-2">
              {ofDay.length === 0 ? (
                <span className="text-ink-soft text-sm">{t("vendor.closed")}</span>
              ) : null}
              {ofDay.map(({ span, index }) => (
                <span key={index} className="flex items-center gap-1 text-sm">
                  <input
                    type="time"
                    aria-label={t("vendor.opensAt", { day: name })}
                    value={span.from}
                    onChange={(event) => update(index, { from: event.target.value })}
                    className="rounded-lg border border-line px-2 py-1"
                  />
                  –
                  <input
                    type="time"
                    aria-label={t("vendor.closesAt", { day: name })}
                    value={span.until === "24:00" ? "23:59" : span.until}
                    onChange={(event) => update(index, { until: event.target.value })}
                    className="rounded-lg border border-line px-2 py-1"
                  />
                  <button
                    type="button"
                    onClick={() => setSpans(spans.filter((_, i) => i !== index))}
                    className="rounded-lg px-2 py-1 text-red-700"
                  >
                    {t("vendor.removeSpan")}
                  </button>
                </span>
              ))}
              <button
                type="button"
                onClick={() => setSpans([...spans, { day, from: "10:00", until: "22:00" }])}
                className="rounded-lg border border-line px-2 py-1 text-sm"
              >
                {t("vendor.addSpan", { day: name })}
              </button>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
