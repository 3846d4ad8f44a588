import { openThroughoutOn } from "./closing-time.ts";
import { roundDeliveryMinutes } from "./delivery.ts";
import type { VendorClosure } from "./vendor-closures.ts";
import {
  addDaysToLocalDate,
  formatTimeOfDay,
  isOpenAt,
  type LocalMoment,
  parseLocalDateTime,
  WEEK_DAYS,
  type WeekDay,
  type WorkingInterval,
  weekDayOfDate,
} from "./working-hours.ts";

/**
 * Preorder slots. Everything is on the locality's wall clock: a local date "2026-11-21" and minutes
 * since local midnight. A slot is the time the customer wants the order delivered (or ready for
 * takeaway).
 */

/** Slots start every 30 minutes. */
export const SLOT_STEP_MINUTES = 30;
/** A preorder time is at least one hour ahead. */
export const MIN_PREORDER_LEAD_MINUTES = 60;
/** The last slot of a day; an overnight span is cut at 23:30 of its first day. */
export const LAST_SLOT_OF_DAY_MINUTES = 23 * 60 + 30;

export interface DeliverySlotsInput {
  /** The local date and time now. */
  today: string;
  nowMinutes: number;
  /** DAYS with value N: today and the N−1 days after it. NONE: no preorder at all. */
  preOrderPeriod: { type: "DAYS" | "NONE"; value: number };
  /** The vendor's opening hours. */
  vendorHours: readonly WorkingInterval[];
  /** The locality's service hours; an empty list means the service never pauses. */
  serviceHours: readonly WorkingInterval[];
  /**
   * Minutes from the vendor taking the order to its arrival (the upper delivery estimate; cooking
   * time only for takeaway). The vendor must be open from taking the order, at slot − deliveryMinutes,
   * until the slot: a delivery that would arrive after closing rules the slot out (issue 19: no order
   * for a time the vendor cannot meet).
   */
  deliveryMinutes: number;
  /** The vendor's temporary closures: no order is taken while one lasts. */
  closures?: readonly VendorClosure[] | undefined;
}

export interface DeliveryDay {
  /** Local date, "2026-11-21". */
  date: string;
  /** "HH:MM", ascending. */
  times: string[];
}

/**
 * The preorder slots of each day of the period (days without a slot left out): every 30 minutes,
 * at least an hour from now, no later than 23:30, where the vendor is open (and not closed for a
 * while) from slot − deliveryMinutes until the slot, and the service at both ends. Empty when the period type
 * is NONE.
 */
export function listDeliverySlots(input: DeliverySlotsInput): DeliveryDay[] {
  return [...deliverySlotDays(input)];
}

/**
 * listDeliverySlots a day at a time, each worked out when it is asked for: the first slot of a
 * cart (firstSlotSelling) is most often today's or tomorrow's, and the days after are not looked at.
 */
export function* deliverySlotDays(input: DeliverySlotsInput): Generator<DeliveryDay> {
  if (input.preOrderPeriod.type === "NONE") return;
  const dayCount = Math.max(1, input.preOrderPeriod.value);
  for (let offset = 0; offset < dayCount; offset++) {
    const date = addDaysToLocalDate(input.today, offset);
    const times = slotTimesOf(input, date, offset === 0);
    if (times.length > 0) yield { date, times };
  }
}

/** Whether a local date-time ("2026-11-21T19:30:00", a trailing Z ignored) is one of the slots. */
export function isValidPreorderTime(input: DeliverySlotsInput, localDateTime: string): boolean {
  const parsed = parseLocalDateTime(localDateTime);
  if (!parsed) return false;
  // Slots are whole minutes: anything after "HH:MM" may only be zero seconds (and a trailing Z).
  const afterMinutes = localDateTime.slice("YYYY-MM-DDTHH:MM".length).replace(/Z$/, "");
  if (!/^(?::00(?:\.0+)?)?$/.test(afterMinutes)) return false;
  const time = formatTimeOfDay(parsed.moment.minutes);
  return listDeliverySlots(input).some((day) => day.date === parsed.date && day.times.includes(time));
}

const MINUTES_PER_DAY = 24 * 60;

/**
 * How far ahead the first slot of today is: an hour, or the delivery minutes rounded as section 9
 * says (over 0 up to 30, over 30 up to the next full hour) when that is longer.
 */
export function leadMinutes(deliveryMinutes: number): number {
  return Math.max(MIN_PREORDER_LEAD_MINUTES, roundDeliveryMinutes(deliveryMinutes));
}

function slotTimesOf(input: DeliverySlotsInput, date: string, isToday: boolean): string[] {
  const day = weekDayOfDate(date);
  const vendor = { hours: input.vendorHours, closures: input.closures };
  const openThroughout = openThroughoutOn(vendor, date);
  const times: string[] = [];
  for (let slot = 0; slot <= LAST_SLOT_OF_DAY_MINUTES; slot += SLOT_STEP_MINUTES) {
    const orderTakenAt = slot - input.deliveryMinutes;
    if (isToday && slot < input.nowMinutes + leadMinutes(input.deliveryMinutes)) continue;
    if (isToday && orderTakenAt < input.nowMinutes) continue;
    const taken = momentOf(day, orderTakenAt);
    const delivered = momentOf(day, slot);
    if (
      openThroughout(orderTakenAt, input.deliveryMinutes) &&
      isServiceOpenAt(input.serviceHours, taken) &&
      isServiceOpenAt(input.serviceHours, delivered)
    )
      times.push(formatTimeOfDay(slot));
  }
  return times;
}

function isServiceOpenAt(serviceHours: readonly WorkingInterval[], moment: LocalMoment): boolean {
  return serviceHours.length === 0 || isOpenAt(serviceHours, moment);
}

/**
 * Minutes counted from the start of a day, possibly negative, as the weekday and time they fall on:
 * a Tuesday slot at 00:30 with 45 delivery minutes is taken on Monday at 23:45.
 */
function momentOf(day: WeekDay, minutes: number): LocalMoment {
  const daysAhead = Math.floor(minutes / MINUTES_PER_DAY);
  const index = (((WEEK_DAYS.indexOf(day) + daysAhead) % 7) + 7) % 7;
  return { day: WEEK_DAYS[index] as WeekDay, minutes: minutes - daysAhead * MINUTES_PER_DAY };
}

/**
 * The first slot of the days at which every dish of the order is sold: each dish's section hours
 * (null: sold whenever its vendor is open). A breakfast dish is no reason to offer the evening.
 * The slot as a local date-time ("2026-11-21T12:30:00"); null when no day has one. Days given as
 * deliverySlotDays are worked out only up to the one that has it.
 */
export function firstSlotSelling(
  days: Iterable<DeliveryDay>,
  saleHours: ReadonlyArray<readonly WorkingInterval[] | null>,
): string | null {
  for (const day of days)
    for (const time of day.times) {
      const slot = `${day.date}T${time}:00`;
      const at = parseLocalDateTime(slot);
      if (at && saleHours.every((hours) => hours === null || isOpenAt(hours, at.moment))) return slot;
    }
  return null;
}
