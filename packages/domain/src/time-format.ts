import { formattingLocale } from "./locales.ts";

/**
 * The clock a time is read on: the reader's language and the zone of the city the time belongs to
 * (an order's locality). A time written without an explicit zone reads differently on the server
 * and in the browser, so every formatter here takes one.
 */
export interface CityClock {
  locale: string;
  timeZone: string;
  /**
   * The city named after the time, for readers who see several cities at once (the console):
   * "12:00 (Riga)". Absent or null: the time alone.
   */
  city?: string | null;
}

/** An instant as the API sends it (ISO), or as a Date or epoch milliseconds. */
export type Instant = string | number | Date;

/** Made formatters kept for reuse, as number-formats.ts does for numbers; the bound is a guard. */
const formats = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATS = 500;

/** An Intl.DateTimeFormat for the language (its formatting locale) and options, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (formats.size >= MAX_FORMATS) formats.clear();
    format = new Intl.DateTimeFormat(formattingLocale(locale), options);
    formats.set(key, format);
  }
  return format;
}

// The storefront writes times on a 24-hour clock in every language, as its arrival windows and
// preorder slots ("12:00–12:30") do; dates follow the language's own style.
const CLOCK = { hourCycle: "h23" } as const;

function write(at: Instant, clock: CityClock, options: Intl.DateTimeFormatOptions): string {
  const text = dateTimeFormat(clock.locale, { ...options, timeZone: clock.timeZone }).format(
    at instanceof Date ? at : new Date(at),
  );
  return clock.city ? `${text} (${clock.city})` : text;
}

/** The time of day on the city's clock: "14:05". */
export function formatTime(at: Instant, clock: CityClock): string {
  return write(at, clock, { hour: "2-digit", minute: "2-digit", ...CLOCK });
}

/** The day and time on the city's clock, for a time days ahead: "Wed, Dec 2, 23:00". */
export function formatDayAndTime(at: Instant, clock: CityClock): string {
  return write(at, clock, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    ...CLOCK,
  });
}

/**
 * The date and time on the city's clock: "Nov 29, 2026, 01:34", "2026. gada 29. nov. 01:34". A long
 * date ("November 29, 2026 at 01:34") where there is room for it, as on an invoice.
 */
export function formatDateTime(
  at: Instant,
  clock: CityClock,
  dateStyle: "medium" | "long" = "medium",
): string {
  return write(at, clock, { dateStyle, timeStyle: "short", ...CLOCK });
}

/**
 * The date on the city's calendar: "Nov 29, 2026" (a Riga order at 00:30 is the new day's); a long
 * date ("November 29, 2026") where it stands alone in a sentence, as a deadline does.
 */
export function formatDate(at: Instant, clock: CityClock, dateStyle: "medium" | "long" = "medium"): string {
  return write(at, clock, { dateStyle });
}
