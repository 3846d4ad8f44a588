/**
 * The years a date typed into the console may name: wide enough for any real period (a report of the
 * first orders, a promotion that never ends), narrow enough that day arithmetic and every column
 * holds the result. Year 9999 overflowed the report's day arithmetic into a 500.
 */
export const CALENDAR_YEARS = { first: 2000, last: 2100 } as const;

/**
 * Whether a date or date-time written YYYY-MM-DD… falls in those years, read on its own calendar
 * (an offset moves an instant by hours, never out of a column or past the arithmetic's reach).
 */
export function isInCalendarRange(text: string): boolean {
  if (!/^\d{4}-/.test(text)) return false;
  const year = Number(text.slice(0, 4));
  return year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;
}

/** The same years as a form's date and date-time inputs take them (their min and max attributes). */
export const CALENDAR_INPUT_BOUNDS = {
  date: { min: `${CALENDAR_YEARS.first}-01-01`, max: `${CALENDAR_YEARS.last}-12-31` },
  dateTime: { min: `${CALENDAR_YEARS.first}-01-01T00:00`, max: `${CALENDAR_YEARS.last}-12-31T23:59` },
} as const;
