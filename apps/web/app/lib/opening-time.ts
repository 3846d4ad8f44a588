import { dateTimeFormat } from "@storefront/domain";
import { useCart } from "./cart.tsx";
import { useLocale } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/**
 * The calendar's formats, made once per time zone: making one costs a good part of a millisecond, and
 * a city's page asks for one per vendor card.
 */
const calendarDates = new Map<string, Intl.DateTimeFormat>();

/** The date a time zone's wall calendars show now, "2026-12-24". */
export function localToday(timeZone: string, now = new Date()): string {
  let format = calendarDates.get(timeZone);
  if (!format) {
    // The Canadian English calendar writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    calendarDates.set(timeZone, format);
  }
  return format.format(now);
}

/**
 * When a closed vendor opens, as the customer reads it: the time alone today ("18:00"), with its day
 * on another day ("Sat, 26 Dec, 12:00"), as after a closure of several days.
 */
export function openingTimeText(localDateTime: string, today: string, locale: string): string {
  const time = localDateTime.slice(11, 16);
  const date = localDateTime.slice(0, 10);
  if (date === today) return time;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
  return `${day}, ${time}`;
}

/**
 * `openingTimeText` in the reader's language, against the day availability is judged on: the cart's
 * preorder day when a time is chosen (the vendors are shown as they are then), else today on the
 * locality's calendar.
 */
export function useOpeningTime(): (localDateTime: string) => string {
  const locale = useLocale();
  const { params } = useStorefront();
  const preorder = useCart().cart?.preorderDateTime ?? null;
  const day = preorder ? preorder.slice(0, 10) : params ? localToday(params.timeZone) : null;
  return (localDateTime) => (day ? openingTimeText(localDateTime, day, locale) : localDateTime.slice(11, 16));
}
