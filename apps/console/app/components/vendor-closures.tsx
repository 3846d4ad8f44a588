import type { VendorClosure } from "@storefront/domain";
import { CALENDAR_INPUT_BOUNDS } from "@storefront/domain";
import { useState } from "react";
import { useT } from "../lib/i18n.ts";

const field = "rounded-lg border border-line bg-white px-3 py-2";

/**
 * A vendor's temporary closures, edited in place and sent as one JSON field (`closures`): each from
 * a local date and time until another, on the city's wall clock, with a note for the staff.
 */
export function VendorClosures({ initial }: { initial: VendorClosure[] }) {
  const t = useT();
  const [closures, setClosures] = useState(initial);
  const update = (index: number, change: Partial<VendorClosure>) =>
    setClosures(closures.map((closure, i) => (i === index ? { ...closure, ...change } : closure)));
  return (
    <fieldset className="grid gap-2">
      <legend className="font-semibold text-lg">{t("vendor.closures")}</legend>
      <p className="text-ink-soft text-sm">{t("vendor.closuresHint")}</p>
      <input type="hidden" name="closures" value={JSON.stringify(closures)} />
      {closures.length === 0 ? <p className="text-sm">{t("vendor.noClosures")}</p> : null}
      {closures.map((closure, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: a closure being typed has no identity yet
          key={index}
          className="grid items-end gap-2 rounded-xl bg-white p-3 ring-1 ring-line sm:grid-cols-[1fr_1fr_1fr_auto]"
        >
          <label className="grid gap-1 text-sm">
            {t("vendor.closureFrom")}
            <input
              type="datetime-local"
              required
              {...CALENDAR_INPUT_BOUNDS.dateTime}
              value={closure.from}
              onChange={(event) => update(index, { from: event.target.value })}
              className={field}
            />
          </label>
          <label className="grid gap-1 text-sm">
            {t("vendor.closureUntil")}
            <input
              type="datetime-local"
              required
              {...CALENDAR_INPUT_BOUNDS.dateTime}
              value={closure.until}
              onChange={(event) => update(index, { until: event.target.value })}
              className={field}
            />
          </label>
          <label className="grid gap-1 text-sm">
            {t("vendor.closureNote")}
            <input
              maxLength={200}
              value={closure.note ?? ""}
              onChange={(event) => update(index, { note: event.target.value || undefined })}
              className={field}
            />
          </label>
          <button
            type="button"
            onClick={() => setClosures(closures.filter((_, i) => i !== index))}
            className="rounded-lg border border-line px-3 py-2 text-sm"
          >
            {t("vendor.removeClosure")}
          </button>
        </div>
      ))}
      <button
        type="button"
        onClick={() => setClosures([...closures, { from: "", until: "" }])}
        className="justify-self-start rounded-lg border border-line bg-white px-3 py-2 text-sm"
      >
        {t("vendor.addClosure")}
      </button>
    </fieldset>
  );
}
