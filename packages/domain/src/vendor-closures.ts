import {
  addDaysToLocalDate,
  formatTimeOfDay,
  isOpenAt,
  type LocalMoment,
  nextOpening,
  parseLocalDateTime,
  type WorkingInterval,
} from "./working-hours.ts";

/**
 * A vendor's temporary closure on its locality's wall clock: from one local date-time
 * ("2026-12-24T18:00") until another, whatever its weekly hours say (a holiday, a repair, a
 * kitchen that is full for the evening). The weekly hours stay as they are.
 */
export interface VendorClosure {
  from: string;
  until: string;
  /** For the staff, not shown to customers. */
  note?: string | undefined;
}

/** A vendor keeps at most this many closures to come (past ones are dropped as they pass). */
export const VENDOR_CLOSURES_MAX = 20;

/** The local moment a vendor's availability is judged at: a local date and its weekday and minutes. */
export interface LocalClock {
  date: string;
  moment: LocalMoment;
}

/** "YYYY-MM-DDTHH:MM" of a local date and minutes from its midnight (negative or past 24 h too). */
export function localDateTimeOf(date: string, minutes: number): string {
  const days = Math.floor(minutes / (24 * 60));
  const day = days === 0 ? date : addDaysToLocalDate(date, days);
  return `${day}T${formatTimeOfDay(minutes - days * 24 * 60)}`;
}

const clockText = (clock: LocalClock) => localDateTimeOf(clock.date, clock.moment.minutes);
/** Local date-times compare as text once cut to "YYYY-MM-DDTHH:MM". */
const minuteOf = (value: string) => value.slice(0, 16);

/** The closure a local date-time falls in (from inclusive, until exclusive), if any. */
export function closureAt(closures: readonly VendorClosure[], localDateTime: string): VendorClosure | null {
  const at = minuteOf(localDateTime);
  return closures.find((closure) => minuteOf(closure.from) <= at && at < minuteOf(closure.until)) ?? null;
}

/** Open by its weekly hours and not closed for the while. */
export function isVendorOpenAt(
  vendor: { workingHours: readonly WorkingInterval[]; closures: readonly VendorClosure[] },
  clock: LocalClock,
): boolean {
  return (
    isOpenAt(vendor.workingHours, clock.moment) &&
    (vendor.closures.length === 0 || closureAt(vendor.closures, clockText(clock)) === null)
  );
}

/**
 * Whether the vendor is open at the clock, and if not when it next opens ("2026-12-26T10:00:00"):
 * the weekly hours' next opening, pushed past every closure it falls in. Null when it never opens.
 */
export function vendorAvailability(
  vendor: { workingHours: readonly WorkingInterval[]; closures: readonly VendorClosure[] },
  clock: LocalClock,
): { available: boolean; nextAvailableAt: string | null } {
  if (isVendorOpenAt(vendor, clock)) return { available: true, nextAvailableAt: null };
  let at = clockText(clock);
  // Each round leaves one closure or reaches an opening: a bounded walk.
  for (let round = 0; round <= vendor.closures.length + 1; round++) {
    const closure = closureAt(vendor.closures, at);
    if (closure) {
      at = minuteOf(closure.until);
      continue;
    }
    const parsed = parseLocalDateTime(at);
    if (!parsed) return { available: false, nextAvailableAt: null };
    const next = nextOpening(vendor.workingHours, parsed.moment);
    if (!next) return { available: false, nextAvailableAt: null };
    const opening = localDateTimeOf(addDaysToLocalDate(parsed.date, next.daysAhead), next.minutes);
    if (closureAt(vendor.closures, opening)) {
      at = opening;
      continue;
    }
    return { available: false, nextAvailableAt: `${opening}:00` };
  }
  return { available: false, nextAvailableAt: null };
}

export type VendorClosureRefusal = "NOT_A_DATE_TIME" | "EMPTY_CLOSURE" | "TOO_MANY_CLOSURES";

/**
 * A vendor's closures as its staff set them, checked and tidied: each from a real local date-time
 * to a later one, those already over at `now` dropped, the rest in order, at most 20.
 */
export function checkVendorClosures(
  closures: readonly VendorClosure[],
  now: LocalClock,
):
  | { ok: true; closures: VendorClosure[] }
  | { ok: false; index: number | null; refusal: VendorClosureRefusal } {
  for (const [index, closure] of closures.entries()) {
    if (!parseLocalDateTime(closure.from) || !parseLocalDateTime(closure.until))
      return { ok: false, index, refusal: "NOT_A_DATE_TIME" };
    if (minuteOf(closure.until) <= minuteOf(closure.from))
      return { ok: false, index, refusal: "EMPTY_CLOSURE" };
  }
  const nowText = clockText(now);
  const coming = closures
    .filter((closure) => minuteOf(closure.until) > nowText)
    .map((closure) => ({
      from: minuteOf(closure.from),
      until: minuteOf(closure.until),
      ...(closure.note ? { note: closure.note } : {}),
    }))
    .sort((a, b) => a.from.localeCompare(b.from));
  if (coming.length > VENDOR_CLOSURES_MAX) return { ok: false, index: null, refusal: "TOO_MANY_CLOSURES" };
  return { ok: true, closures: coming };
}
