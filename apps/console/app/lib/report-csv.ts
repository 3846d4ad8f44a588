import type { ConsoleReport } from "@storefront/domain/contract";

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A report's days as CSV for a spreadsheet, in the member's words: a header line, a line per day,
 * and a last line of the period's totals. Amounts are plain numbers in the city's currency.
 */
export function reportCsv(
  report: Pick<ConsoleReport, "days" | "totals">,
  words: {
    date: string;
    orders: string;
    revenue: string;
    refunded: string;
    cancelled: string;
    declined: string;
    total: string;
  },
): string {
  const lines: Array<Array<string | number | null>> = [
    [words.date, words.orders, words.revenue, words.refunded, words.cancelled, words.declined],
    ...report.days.map((day) => [
      day.date,
      day.orders,
      day.revenue,
      day.refunded,
      day.cancelled,
      day.declined,
    ]),
    [
      words.total,
      report.totals.orders,
      report.totals.revenue,
      report.totals.refunded,
      report.totals.cancelled,
      report.totals.declined,
    ],
  ];
  return `${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}
