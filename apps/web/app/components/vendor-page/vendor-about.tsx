import { everydayHours, vendorAddress, WEEK_DAYS } from "@storefront/domain";
import type { VendorView } from "../../lib/catalogue-view.ts";
import { type MessageKey, useT } from "../../lib/i18n.ts";

const DAY_KEYS: Record<(typeof WEEK_DAYS)[number], MessageKey> = {
  MONDAY: "day.monday",
  TUESDAY: "day.tuesday",
  WEDNESDAY: "day.wednesday",
  THURSDAY: "day.thursday",
  FRIDAY: "day.friday",
  SATURDAY: "day.saturday",
  SUNDAY: "day.sunday",
};

function WorkingHours({ intervals }: { intervals: VendorView["workingHours"]["intervals"] }) {
  const t = useT();
  if (intervals.length === 0) return <p>{t("vendor.ordersUnavailable")}</p>;
  const everyday = everydayHours(intervals);
  if (everyday) return <p>{t("hours.everyday", { from: everyday.from, until: everyday.until })}</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {WEEK_DAYS.map((day) => {
        const spans = intervals.filter((i) => i.day === day);
        return (
          <div key={day} className="contents">
            <dt className="text-ink-soft">{t(DAY_KEYS[day])}</dt>
            <dd>
              {spans.length ? spans.map((s) => `${s.from}–${s.until}`).join(", ") : t("vendor.hours.dayOff")}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** "About" the vendor, a popover over its page: its description, address and working hours. */
export function VendorAbout({ vendor }: { vendor: VendorView }) {
  const t = useT();
  return (
    <div
      id="about-vendor"
      popover="auto"
      role="dialog"
      aria-labelledby="about-vendor-name"
      className="popup-panel bg-white p-6 shadow-2xl [position-anchor:--about-vendor]"
    >
      <h2 id="about-vendor-name" className="text-xl font-semibold">
        {vendor.name}
      </h2>
      <p className="mt-2 text-ink-soft">{vendor.description}</p>
      <h3 className="mt-4 font-semibold">{t("vendor.address")}</h3>
      <p>{vendorAddress(vendor)}</p>
      <h3 className="mt-4 font-semibold">{t("vendor.workingHours")}</h3>
      <WorkingHours intervals={vendor.workingHours.intervals} />
      <button
        type="button"
        popoverTarget="about-vendor"
        popoverTargetAction="hide"
        className="mt-5 min-h-11 w-full rounded-full bg-brand font-medium text-brand-ink"
      >
        {t("common.understood")}
      </button>
    </div>
  );
}
