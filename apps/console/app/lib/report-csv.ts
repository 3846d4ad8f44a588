import type { ConsoleReport } from "@storefront/domain/contract";

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
function cell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The names of the loyalty programme's figures, in the member's words. */
export interface LoyaltyWords {
  issued: string;
  redeemed: string;
  expired: string;
  reversed: string;
  outstanding: string;
  outstandingValue: string;
}

/**
 * A report's days as CSV for a spreadsheet, in the member's words: a header line, a line per day,
 * and a line of the period's totals; where the city runs a loyalty programme, after an empty line,
 * its points over the period and what customers hold at its end (the partner's liability), a line
 * each. Amounts are plain numbers in the city's currency.
 */
export function reportCsv(
  report: Pick<ConsoleReport, "days" | "totals" | "loyalty">,
  words: {
    date: string;
    orders: string;
    revenue: string;
    refunded: string;
    cancelled: string;
    declined: string;
    total: string;
    loyalty: LoyaltyWords;
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
  const { loyalty } = report;
  if (loyalty)
    lines.push(
      [],
      [words.loyalty.issued, loyalty.issued],
      [words.loyalty.redeemed, loyalty.redeemed],
      [words.loyalty.expired, loyalty.expired],
      [words.loyalty.reversed, loyalty.reversed],
      [words.loyalty.outstanding, loyalty.outstanding],
      [words.loyalty.outstandingValue, loyalty.outstandingValue],
    );
  return `${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}
