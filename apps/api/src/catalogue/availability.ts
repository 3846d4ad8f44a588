import {
  addDaysToLocalDate,
  formatTimeOfDay,
  isOpenAt,
  type LocalMoment,
  localDateOf,
  localMomentOf,
  nextOpening,
  parseLocalDateTime,
  type WorkingInterval,
} from "@storefront/domain";
import type { TimeAvailability } from "@storefront/domain/contract";

/** The local moment availability is judged at: the preorder time when one is given, else now. */
export interface AvailabilityClock {
  date: string;
  moment: LocalMoment;
  /** True when judged at a preorder time rather than now. */
  preorder: boolean;
}

export function availabilityClock(timeZone: string, now: Date, preorderDateTime?: string): AvailabilityClock {
  const preorder = preorderDateTime ? parseLocalDateTime(preorderDateTime) : null;
  if (preorder) return { ...preorder, preorder: true };
  return { date: localDateOf(now, timeZone), moment: localMomentOf(now, timeZone), preorder: false };
}

export function timeAvailability(
  intervals: readonly WorkingInterval[],
  clock: AvailabilityClock,
): TimeAvailability {
  if (isOpenAt(intervals, clock.moment)) return { available: true, nextAvailableAt: null };
  const next = nextOpening(intervals, clock.moment);
  return {
    available: false,
    nextAvailableAt: next
      ? `${addDaysToLocalDate(clock.date, next.daysAhead)}T${formatTimeOfDay(next.minutes)}:00`
      : null,
  };
}
