import { TZDate } from "@date-fns/tz";

export const WEEK_DAYS = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/**
 * One opening span of a weekday in local time, "HH:MM". An `until` at or before `from` runs past
 * midnight into the next day (18:00-04:00); "00:00"-"24:00" is the whole day.
 */
export interface WorkingInterval {
  day: WeekDay;
  from: string;
  until: string;
}

/** A moment on the locality's wall clock: weekday and minutes since local midnight. */
export interface LocalMoment {
  day: WeekDay;
  minutes: number;
}

const MINUTES_PER_DAY = 24 * 60;
const TIME_OF_DAY = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Times of day already read: at most the 1,441 a day has, read again for every vendor and section. */
const minutesOfTime = new Map<string, number>();

export function parseTimeOfDay(value: string): number {
  const known = minutesOfTime.get(value);
  if (known !== undefined) return known;
  const match = TIME_OF_DAY.exec(value);
  if (!match) throw new RangeError(`Not a time of day: ${value}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > MINUTES_PER_DAY) throw new RangeError(`Not a time of day: ${value}`);
  minutesOfTime.set(value, minutes);
  return minutes;
}

export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function dayIndex(day: WeekDay): number {
  return WEEK_DAYS.indexOf(day);
}

function shiftDay(day: WeekDay, by: number): WeekDay {
  return WEEK_DAYS[(((dayIndex(day) + by) % 7) + 7) % 7] as WeekDay;
}

/** The spans of an interval on a timeline of minutes from the start of its own day. */
function spanOf(interval: WorkingInterval): { start: number; end: number } {
  const start = parseTimeOfDay(interval.from);
  let end = parseTimeOfDay(interval.until);
  if (end <= start) end += MINUTES_PER_DAY;
  return { start, end };
}

export function isOpenAt(intervals: readonly WorkingInterval[], moment: LocalMoment): boolean {
  return intervals.some((interval) => {
    const { start, end } = spanOf(interval);
    if (interval.day === moment.day && moment.minutes >= start && moment.minutes < end) return true;
    // An overnight span of the day before still covers the early hours of this one.
    return (
      interval.day === shiftDay(moment.day, -1) &&
      end > MINUTES_PER_DAY &&
      moment.minutes < end - MINUTES_PER_DAY
    );
  });
}

/**
 * When the schedule next opens at or after `moment`, within a week: the number of days ahead and the
 * local minutes of that day. Null for a schedule with no hours at all.
 */
export function nextOpening(
  intervals: readonly WorkingInterval[],
  moment: LocalMoment,
): { daysAhead: number; minutes: number } | null {
  if (isOpenAt(intervals, moment)) return { daysAhead: 0, minutes: moment.minutes };
  let best: { daysAhead: number; minutes: number } | null = null;
  for (const interval of intervals) {
    const { start } = spanOf(interval);
    let daysAhead = (dayIndex(interval.day) - dayIndex(moment.day) + 7) % 7;
    if (daysAhead === 0 && start < moment.minutes) daysAhead = 7;
    const candidate = daysAhead * MINUTES_PER_DAY + start;
    if (!best || candidate < best.daysAhead * MINUTES_PER_DAY + best.minutes)
      best = { daysAhead, minutes: start };
  }
  return best;
}

/** The weekday of a local date ("2026-11-23"); computed in UTC so no time zone shifts it. */
export function weekDayOfDate(date: string): WeekDay {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  // getUTCDay(): Sunday is 0; WEEK_DAYS starts on Monday.
  return WEEK_DAYS[(new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7] as WeekDay;
}

/** The moment an instant shows on the wall clocks of a time zone. */
export function localMomentOf(instant: Date, timeZone: string): LocalMoment {
  const local = new TZDate(instant.getTime(), timeZone);
  // getDay(): Sunday is 0; WEEK_DAYS starts on Monday.
  const day = WEEK_DAYS[(local.getDay() + 6) % 7] as WeekDay;
  return { day, minutes: local.getHours() * 60 + local.getMinutes() };
}

/** The local date ("2026-11-21") an instant shows in a time zone. */
export function localDateOf(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  return [local.getFullYear(), local.getMonth() + 1, local.getDate()]
    .map((part, i) => String(part).padStart(i === 0 ? 4 : 2, "0"))
    .join("-");
}

/** The instant a local date-time ("2026-11-21T19:30:00") names in a time zone; null if malformed. */
export function instantOfLocalDateTime(value: string, timeZone: string): Date | null {
  const parsed = parseLocalDateTime(value);
  if (!parsed) return null;
  const [y, m, d] = parsed.date.split("-").map(Number) as [number, number, number];
  const { minutes } = parsed.moment;
  return new Date(new TZDate(y, m - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone).getTime());
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?Z?$/;

/**
 * A local date-time such as "2026-11-21T19:30:00" (a trailing Z is ignored, as the spec strips it).
 * Null when the text is not a real calendar date and time.
 */
export function parseLocalDateTime(value: string): { date: string; moment: LocalMoment } | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (asUtc.getUTCMonth() !== mo - 1 || asUtc.getUTCDate() !== d || h > 23) return null;
  const day = WEEK_DAYS[(asUtc.getUTCDay() + 6) % 7] as WeekDay;
  return { date: `${match[1]}-${match[2]}-${match[3]}`, moment: { day, minutes: h * 60 + mi } };
}

/** "2026-11-21" plus a number of days, as a local date. */
export function addDaysToLocalDate(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The same hours every day of the week, for an "everyday from … to …" line; null otherwise. */
export function everydayHours(intervals: readonly WorkingInterval[]): { from: string; until: string } | null {
  const first = intervals[0];
  if (!first || intervals.length !== 7) return null;
  const sameEveryDay = WEEK_DAYS.every((day) =>
    intervals.some((i) => i.day === day && i.from === first.from && i.until === first.until),
  );
  return sameEveryDay ? { from: first.from, until: first.until } : null;
}

/** Builds a schedule with the same hours on the given days. */
export function weeklySchedule(
  hours: { from: string; until: string },
  days: readonly WeekDay[] = WEEK_DAYS,
): WorkingInterval[] {
  return days.map((day) => ({ day, from: hours.from, until: hours.until }));
}
