import { numberFormat } from "@storefront/domain";
import type { LoyaltyAccount } from "@storefront/domain/contract";
import type { MessageKey } from "./i18n.ts";

type LoyaltyEntry = LoyaltyAccount["entries"][number];

/**
 * Whether the account offers the points page: while the city's programme runs, or while the
 * customer still holds points from when it ran (they are kept for when it runs again).
 */
export function offersLoyalty(account: Pick<LoyaltyAccount, "enabled" | "balance"> | null): boolean {
  return account !== null && (account.enabled || account.balance > 0);
}

/**
 * What a line of the points' history says, in the catalogue's words: an order's line names the
 * order (an order deleted since leaves it unnamed); a reversal reads by its sign, points an order
 * earned taken back by a refund, or points it spent given back by a cancellation or a refund.
 */
export function describeLoyaltyEntry(entry: Pick<LoyaltyEntry, "kind" | "points" | "orderId">): MessageKey {
  const named = entry.orderId !== null;
  switch (entry.kind) {
    case "EARNED":
      return named ? "loyalty.entry.earnedOn" : "loyalty.entry.earned";
    case "SPENT":
      return named ? "loyalty.entry.spentOn" : "loyalty.entry.spent";
    case "REVERSED":
      if (entry.points < 0) return named ? "loyalty.entry.takenBackOn" : "loyalty.entry.takenBack";
      return named ? "loyalty.entry.givenBackOn" : "loyalty.entry.givenBack";
    case "EXPIRED":
      return "loyalty.entry.expired";
    case "WELCOME":
      return "loyalty.entry.welcome";
  }
}

/**
 * Points with their sign, in the reader's digits: "+50", "-120" ("+1,250" in English). The marks
 * some languages put before the sign (Arabic's left-to-right mark) are left out: the page isolates
 * the number left to right itself, and the text is then the same on every engine.
 */
export function formatSignedPoints(points: number, locale: string): string {
  return numberFormat(locale, { signDisplay: "exceptZero" })
    .format(points)
    .replace(/[\u200e\u200f\u061c]/g, "");
}
