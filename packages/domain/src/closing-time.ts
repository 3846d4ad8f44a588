import { closureAt, localDateTimeOf, type VendorClosure } from "./vendor-closures.ts";
import {
  addDaysToLocalDate,
  isOpenAt,
  WEEK_DAYS,
  type WeekDay,
  type WorkingInterval,
  weekDayOfDate,
} from "./working-hours.ts";

const MINUTES_PER_DAY = 24 * 60;

/** A vendor's hours and temporary closures: when it takes, cooks and hands over orders. */
export interface VendorTimes {
  hours: readonly WorkingInterval[];
  closures?: readonly VendorClosure[] | undefined;
}

/**
 * Whether the vendor is open at a minute counted from the start of a local date (any sign, any
 * size), as a function of the minute: the date's weekday and the nearby dates are worked out once,
 * since an order's window asks about many minutes.
 */
export function openAtMinuteOf(vendor: VendorTimes, date: string): (minutes: number) => boolean {
  const firstDay = WEEK_DAYS.indexOf(weekDayOfDate(date));
  const closures = vendor.closures ?? [];
  const dates = new Map<number, string>();
  const dateAt = (offset: number) => {
    let found = dates.get(offset);
    if (found === undefined) {
      found = addDaysToLocalDate(date, offset);
      dates.set(offset, found);
    }
    return found;
  };
  return (minutes) => {
    const offset = Math.floor(minutes / MINUTES_PER_DAY);
    const ofDay = minutes - offset * MINUTES_PER_DAY;
    const day = WEEK_DAYS[(((firstDay + offset) % 7) + 7) % 7] as WeekDay;
    if (!isOpenAt(vendor.hours, { day, minutes: ofDay })) return false;
    return closures.length === 0 || closureAt(closures, localDateTimeOf(dateAt(offset), ofDay)) === null;
  };
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
  const openAt = openAtMinuteOf(vendor, date);
  for (let minute = from; minute < from + minutes; minute++) if (!openAt(minute)) return minute;
  return null;
}

/** How often the vendor's hours are looked at between taking an order and handing it over. */
const CHECK_EVERY_MINUTES = 15;

/**
 * Whether the vendor stays open from taking an order (`from`, minutes of `date`) until it is handed
 * over `minutes` later: open at both ends and every quarter hour between (no working day has a
 * break shorter than that), and no temporary closure starting in between. As a function of the
 * window, the date worked out once for the many windows of a day's preorder slots.
 */
export function openThroughoutOn(
  vendor: VendorTimes,
  date: string,
): (from: number, minutes: number) => boolean {
  const openAt = openAtMinuteOf(vendor, date);
  return (from, minutes) => {
    const last = from + Math.max(0, minutes - 1);
    for (let minute = from; minute < last; minute += CHECK_EVERY_MINUTES) if (!openAt(minute)) return false;
    if (!openAt(last)) return false;
    if (!vendor.closures?.length) return true;
    const start = localDateTimeOf(date, from);
    const end = localDateTimeOf(date, last);
    return !vendor.closures.some(
      (closure) => closure.from.slice(0, 16) > start && closure.from.slice(0, 16) <= end,
    );
  };
}
