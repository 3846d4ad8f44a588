import { dateTimeFormat } from "@storefront/domain";

/**
 * A preorder time as the reader writes it: "Wed, Nov 25, 12:00", "الأربعاء، 25 نوفمبر، 12:00". The
 * value is a local date-time without a zone ("2026-11-25T12:00:00"): read as UTC and written in UTC,
 * no zone shifts it.
 */
export function formatPreorderTime(value: string, locale: string): string {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const [hours, minutes] = value.slice(11, 16).split(":").map(Number) as [number, number];
  return dateTimeFormat(locale, {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d, hours, minutes)));
}
