import { closureAt, localDateTimeOf, type VendorClosure } from "./vendor-closures.ts";
import { addDaysToLocalDate, isOpenAt, type WorkingInterval, weekDayOfDate } from "./working-hours.ts";

const MINUTES_PER_DAY = 24 * 60;

/** A vendor's hours and temporary closures: when it takes, cooks and hands over orders. */
export interface VendorTimes {
  hours: readonly WorkingInterval[];
  closures?: readonly VendorClosure[] | undefined;
}

/** Whether the vendor is open at a minute counted from the start of a local date (any sign, any size). */
export function vendorOpenAt(vendor: VendorTimes, date: string, minutes: number): boolean {
  const dayOffset = Math.floor(minutes / MINUTES_PER_DAY);
  const onDay = addDaysToLocalDate(date, dayOffset);
  const ofDay = minutes - dayOffset * MINUTES_PER_DAY;
  return (
    isOpenAt(vendor.hours, { day: weekDayOfDate(onDay), minutes: ofDay }) &&
    closureAt(vendor.closures ?? [], localDateTimeOf(onDay, ofDay)) === null
  );
}

/**
 * The first minute, from `from` (minutes of a local date) for `minutes` minutes, at which the vendor
 * is closed: when it would close on an order taken at `from` that takes that long; null when it
 * stays open throughout. Looked at minute by minute, so a closing at 21:55 reads 21:55.
 */
export function closingWithin(
  vendor: VendorTimes,
  date: string,
  from: number,
  minutes: number,
): number | null {
  for (let minute = from; minute < from + minutes; minute++)
    if (!vendorOpenAt(vendor, date, minute)) return minute;
  return null;
}

/** How often the vendor's hours are looked at between taking an order and handing it over. */
const CHECK_EVERY_MINUTES = 15;

/**
 * Whether the vendor stays open from taking an order (`from`, minutes of a local date) until it is
 * handed over `minutes` later: open at both ends and every quarter hour between (no working day
 * has a break shorter than that), and no temporary closure starting in between.
 */
export function openThroughout(vendor: VendorTimes, date: string, from: number, minutes: number): boolean {
  const last = from + Math.max(0, minutes - 1);
  for (let minute = from; minute < last; minute += CHECK_EVERY_MINUTES)
    if (!vendorOpenAt(vendor, date, minute)) return false;
  if (!vendorOpenAt(vendor, date, last)) return false;
  const start = localDateTimeOf(date, from);
  const end = localDateTimeOf(date, last);
  return !(vendor.closures ?? []).some(
    (closure) => closure.from.slice(0, 16) > start && closure.from.slice(0, 16) <= end,
  );
}
