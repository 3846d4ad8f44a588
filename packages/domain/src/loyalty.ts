/**
 * Loyalty points a partner runs per city: earned on delivered orders, spent as a discount on the
 * goods of the next cart, reversed by a refund, expired after months without activity. A customer
 * has one ledger per city, since a point is worth an amount of that city's currency. Amounts are
 * integer minor units of the city's currency, points are whole. The API loads the programme and
 * the ledger, calls these functions and appends the entries they return.
 */
import { minorDigits, mulDivCeil, mulDivFloor, toMajorUnits, wholeMinorUnits } from "./money.ts";
import type { OrderStatusName } from "./order-status.ts";

/** The most points a welcome bonus or a minimum to redeem may be, and the most earned per spend. */
export const LOYALTY_POINTS_MAX = 1_000_000;
/** The longest inactivity a programme may allow before points expire: ten years. */
export const LOYALTY_EXPIRY_MONTHS_MAX = 120;

/**
 * A city's programme as stored. Earning is a ratio ("1 point for every 1 €", "1 point for every
 * 1,000 IQD") so that no currency needs fractional points per unit.
 */
export interface LoyaltyProgramme {
  /** Off: nothing is earned, spent or expired; balances are kept for when it is on again. */
  enabled: boolean;
  /** Whole points earned for every `earnPerMinor` the customer paid for goods. */
  earnPoints: number;
  earnPerMinor: number;
  /** What one point takes off the goods at checkout. */
  pointValueMinor: number;
  /** The balance a customer needs before spending any point; 0: any balance. */
  minimumToRedeem: number;
  /** Points expire after this many calendar months without activity; null: never. */
  expiryMonths: number | null;
  /** Points given once, when the customer's ledger in the city opens; 0: none. */
  welcomeBonus: number;
}

/** The programme as owners and managers type it in the console: amounts in major units. */
export interface LoyaltyProgrammeDraft {
  enabled: boolean;
  earnPoints: number;
  earnPer: number;
  pointValue: number;
  minimumToRedeem: number;
  expiryMonths: number | null;
  welcomeBonus: number;
}

export type LoyaltyProgrammeRefusal =
  | "NOT_WHOLE_MINOR_UNITS"
  /** Points are counted whole, zero or more. */
  | "NOT_WHOLE_POINTS"
  /** An enabled programme must earn something and a point must be worth something. */
  | "VALUE_REQUIRED"
  | "OVER_MAX"
  | "EXPIRY_RANGE"
  /** Points worth more than what was spent to earn them: every order would pay for more than itself. */
  | "REWARD_OVER_SPEND";

export type LoyaltyProgrammeResult =
  | { ok: true; programme: LoyaltyProgramme }
  | { ok: false; field: keyof LoyaltyProgrammeDraft; refusal: LoyaltyProgrammeRefusal };

/**
 * Checks a programme and turns it into what the city keeps: amounts zero or more in whole minor
 * units, points whole and at most LOYALTY_POINTS_MAX, expiry from 1 to LOYALTY_EXPIRY_MONTHS_MAX
 * months or never, and, when enabled, a positive earning ratio and point value that give back at
 * most what was spent (100 %). A programme switched off keeps its settings unchecked for value.
 */
export function checkLoyaltyProgramme(
  draft: LoyaltyProgrammeDraft,
  currencyCode: string,
): LoyaltyProgrammeResult {
  const refuse = (field: keyof LoyaltyProgrammeDraft, refusal: LoyaltyProgrammeRefusal) =>
    ({ ok: false, field, refusal }) as const;
  for (const field of ["earnPoints", "minimumToRedeem", "welcomeBonus"] as const) {
    const points = draft[field];
    if (!Number.isSafeInteger(points) || points < 0) return refuse(field, "NOT_WHOLE_POINTS");
    if (points > LOYALTY_POINTS_MAX) return refuse(field, "OVER_MAX");
  }
  const earnPerMinor = wholeMinorUnits(draft.earnPer, currencyCode);
  if (earnPerMinor === null) return refuse("earnPer", "NOT_WHOLE_MINOR_UNITS");
  const pointValueMinor = wholeMinorUnits(draft.pointValue, currencyCode);
  if (pointValueMinor === null) return refuse("pointValue", "NOT_WHOLE_MINOR_UNITS");
  const { expiryMonths } = draft;
  if (
    expiryMonths !== null &&
    (!Number.isInteger(expiryMonths) || expiryMonths < 1 || expiryMonths > LOYALTY_EXPIRY_MONTHS_MAX)
  )
    return refuse("expiryMonths", "EXPIRY_RANGE");
  if (draft.enabled) {
    if (draft.earnPoints === 0) return refuse("earnPoints", "VALUE_REQUIRED");
    if (earnPerMinor === 0) return refuse("earnPer", "VALUE_REQUIRED");
    if (pointValueMinor === 0) return refuse("pointValue", "VALUE_REQUIRED");
    if (BigInt(draft.earnPoints) * BigInt(pointValueMinor) > BigInt(earnPerMinor))
      return refuse("pointValue", "REWARD_OVER_SPEND");
  }
  return {
    ok: true,
    programme: {
      enabled: draft.enabled,
      earnPoints: draft.earnPoints,
      earnPerMinor,
      pointValueMinor,
      minimumToRedeem: draft.minimumToRedeem,
      expiryMonths,
      welcomeBonus: draft.welcomeBonus,
    },
  };
}

/**
 * A city's programme until its owners set one: off, and when switched on, 1 point for every major
 * unit of the currency (1 €, 1 IQD; 100 where it has no cents), a point worth a hundredth of that
 * (1 % back), from 100 points, expiring after 12 months without activity, no welcome bonus.
 */
export function defaultLoyaltyProgramme(currencyCode: string): LoyaltyProgramme {
  const pointValueMinor = 10 ** Math.max(0, minorDigits(currencyCode) - 2);
  return {
    enabled: false,
    earnPoints: 1,
    earnPerMinor: 100 * pointValueMinor,
    pointValueMinor,
    minimumToRedeem: 100,
    expiryMonths: 12,
    welcomeBonus: 0,
  };
}

/** A programme as the console shows it: amounts in major units of the city's currency. */
export function loyaltyDraftOf(programme: LoyaltyProgramme, currencyCode: string): LoyaltyProgrammeDraft {
  return {
    enabled: programme.enabled,
    earnPoints: programme.earnPoints,
    earnPer: toMajorUnits(programme.earnPerMinor, currencyCode),
    pointValue: toMajorUnits(programme.pointValueMinor, currencyCode),
    minimumToRedeem: programme.minimumToRedeem,
    expiryMonths: programme.expiryMonths,
    welcomeBonus: programme.welcomeBonus,
  };
}

/** What earning needs to know of an order. */
export interface LoyaltyOrderFacts {
  status: OrderStatusName;
  /** The goods after product discounts (the cart's `cartTotal`); taxes included in prices stay in. */
  goodsTotalMinor: number;
  /**
   * What discounts took off the goods: a FIXED or PERCENT promo code and the points spent. Not a
   * FREE_DELIVERY code, which takes off the delivery.
   */
  goodsDiscountMinor: number;
}

/**
 * Points a COMPLETED order earns under the programme as it is when the order completes: on what the
 * customer paid for goods (the delivery, fees, added taxes and tip earn nothing, and neither does
 * the part paid with points or a promo code), rounded down to whole points. None otherwise.
 */
export function pointsEarned(programme: LoyaltyProgramme, order: LoyaltyOrderFacts): number {
  if (!programme.enabled || order.status !== "COMPLETED" || programme.earnPerMinor <= 0) return 0;
  const paidForGoods = Math.max(0, order.goodsTotalMinor - order.goodsDiscountMinor);
  return mulDivFloor(paidForGoods, programme.earnPoints, programme.earnPerMinor);
}

/** The points a welcome bonus gives: none while the programme is off. */
export function welcomePoints(programme: LoyaltyProgramme): number {
  return programme.enabled ? programme.welcomeBonus : 0;
}

/**
 * The most points a customer may spend on a cart: none while the programme is off or the balance
 * is below the minimum to redeem; else no more than the balance, nor than the goods total pays for.
 * Points pay for goods only, as a discount line beside a promo code's: never the delivery, fees or
 * tip, so `cartGoodsTotalMinor` is the goods left after a promo code's discount. Points are spent
 * whole: when the goods are not a multiple of a point's value, the rest is paid in money.
 */
export function redeemablePoints(
  programme: LoyaltyProgramme,
  balance: number,
  cartGoodsTotalMinor: number,
): number {
  if (!programme.enabled || programme.pointValueMinor <= 0) return 0;
  if (balance <= 0 || balance < programme.minimumToRedeem) return 0;
  return Math.min(balance, Math.floor(Math.max(0, cartGoodsTotalMinor) / programme.pointValueMinor));
}

/**
 * The points a cart spends and the discount they make: what the customer asks for (null: as many
 * as they may), cut down to `redeemablePoints`, each worth the programme's point value. The
 * discount is whole minor units by construction and never more than the goods or the balance's worth.
 */
export function pointsDiscount(
  programme: LoyaltyProgramme,
  balance: number,
  cartGoodsTotalMinor: number,
  requestedPoints: number | null,
): { points: number; discountMinor: number } {
  const most = redeemablePoints(programme, balance, cartGoodsTotalMinor);
  const asked = requestedPoints === null ? most : Math.max(0, Math.floor(requestedPoints) || 0);
  const points = Math.min(most, asked);
  return { points, discountMinor: points * programme.pointValueMinor };
}

/**
 * The points a refund takes back of those an order earned, in proportion to the money refunded of
 * the money paid (the payment's whole amount, as `refundableAmount` counts it). `refundedMinor` is
 * everything refunded so far, so that partial refunds add up: the ledger takes back the difference
 * with what the order's reversals already took. The customer keeps what the money they still
 * paid earns rounded down, so this rounds up; a full refund takes back exactly what was earned.
 */
export function pointsReversed(
  earnedForOrder: number,
  refundedMinor: number,
  orderPaidMinor: number,
): number {
  if (earnedForOrder <= 0 || refundedMinor <= 0) return 0;
  if (refundedMinor >= orderPaidMinor) return earnedForOrder;
  return mulDivCeil(earnedForOrder, refundedMinor, orderPaidMinor);
}

/**
 * The points spent on an order that a refund gives back, in the same proportion as the money and
 * also of the refunded total so far; rounded down, so a full refund gives back exactly all of them.
 * A cancellation gives back all of them (see `entriesForOrderReturn`).
 */
export function pointsRestored(spentOnOrder: number, refundedMinor: number, orderPaidMinor: number): number {
  if (spentOnOrder <= 0 || refundedMinor <= 0) return 0;
  if (refundedMinor >= orderPaidMinor) return spentOnOrder;
  return mulDivFloor(spentOnOrder, refundedMinor, orderPaidMinor);
}

/**
 * When a balance untouched since `lastActivityAt` expires (an ISO instant), in calendar months: a
 * month after 31 January is the last day of February. Null when the programme is off or never expires.
 */
export function pointsExpireAt(programme: LoyaltyProgramme, lastActivityAt: string): string | null {
  if (!programme.enabled || programme.expiryMonths === null) return null;
  const last = new Date(lastActivityAt);
  const target = new Date(last);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + programme.expiryMonths);
  const daysInMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(last.getUTCDate(), daysInMonth));
  return target.toISOString();
}

/**
 * The points that expire at `now`: the whole balance once the programme's months have passed
 * since the last activity, none before. Activity is any entry but EXPIRED: earning, spending, a
 * reversal or the welcome bonus. Nothing expires while the programme is off.
 */
export function expiredPoints(
  programme: LoyaltyProgramme,
  balance: number,
  lastActivityAt: string,
  now: string,
): number {
  const expiresAt = pointsExpireAt(programme, lastActivityAt);
  if (expiresAt === null || balance <= 0) return 0;
  return Date.parse(now) >= Date.parse(expiresAt) ? balance : 0;
}

/**
 * One line of a customer's ledger in a city. `points` is signed, so a balance is the sum: EARNED
 * and WELCOME add, SPENT and EXPIRED take away, REVERSED does either (it takes back points an order
 * earned, or gives back points an order spent). EARNED, SPENT and REVERSED name their order.
 */
export type LoyaltyEntryKind = "EARNED" | "SPENT" | "EXPIRED" | "REVERSED" | "WELCOME";

export interface LoyaltyEntry {
  kind: LoyaltyEntryKind;
  points: number;
  orderId: number | null;
}

export type LoyaltyLedgerRefusal =
  | "NOT_WHOLE_POINTS"
  /** Adding points as SPENT, taking them as EARNED, and the like. */
  | "WRONG_SIGN"
  /** An order's entry without its order, or an order on an entry that has none. */
  | "ORDER_MISMATCH"
  | "BALANCE_BELOW_ZERO";

/** An entry the ledger refuses. */
export class LoyaltyLedgerError extends Error {
  constructor(
    readonly code: LoyaltyLedgerRefusal,
    readonly entry: LoyaltyEntry,
  ) {
    super(`${entry.kind} ${entry.points}: ${code}`);
  }
}

const SIGN: Record<LoyaltyEntryKind, "+" | "-" | "±"> = {
  EARNED: "+",
  WELCOME: "+",
  SPENT: "-",
  EXPIRED: "-",
  REVERSED: "±",
};
const OF_AN_ORDER: ReadonlySet<LoyaltyEntryKind> = new Set(["EARNED", "SPENT", "REVERSED"]);

/** The balance a ledger adds up to. */
export function balanceOf(entries: readonly LoyaltyEntry[]): number {
  return entries.reduce((balance, entry) => balance + entry.points, 0);
}

/**
 * The balance after an entry, or a LoyaltyLedgerError when the entry is malformed (not whole
 * points, zero, the wrong sign for its kind, an order missing or out of place) or would take the
 * balance below zero.
 */
export function applyEntry(balance: number, entry: LoyaltyEntry): number {
  const refuse = (code: LoyaltyLedgerRefusal) => new LoyaltyLedgerError(code, entry);
  if (!Number.isSafeInteger(entry.points) || entry.points === 0) throw refuse("NOT_WHOLE_POINTS");
  const sign = SIGN[entry.kind];
  if ((sign === "+" && entry.points < 0) || (sign === "-" && entry.points > 0)) throw refuse("WRONG_SIGN");
  if (OF_AN_ORDER.has(entry.kind) !== (entry.orderId !== null)) throw refuse("ORDER_MISMATCH");
  const next = balance + entry.points;
  if (next < 0) throw refuse("BALANCE_BELOW_ZERO");
  return next;
}

/** Whether the ledger already holds the order's EARNED entry. */
export function hasEarnedFor(entries: readonly LoyaltyEntry[], orderId: number): boolean {
  return entries.some((entry) => entry.kind === "EARNED" && entry.orderId === orderId);
}

/**
 * The key of an entry that may exist once per ledger (customer and city), for the database's
 * unique index on (customer, city, key): an order earns once and spends once, a ledger gets one
 * welcome bonus. Null for entries that may repeat (expiries, and reversals, which
 * `entriesForOrderReturn` keeps from repeating by counting what the order's reversals already did).
 */
export function loyaltyEntryKey(entry: LoyaltyEntry): string | null {
  switch (entry.kind) {
    case "EARNED":
    case "SPENT":
      return `${entry.kind}:${entry.orderId}`;
    case "WELCOME":
      return "WELCOME";
    default:
      return null;
  }
}

/**
 * The entries that settle an order's points after a refund (`refundedMinor`: all refunded so far,
 * out of `paidMinor`) or its cancellation (`"ALL"`): the points it spent come back in proportion
 * (rounded down), then the points it earned are taken back in proportion (rounded up), each only
 * for what the order's earlier reversals have not done yet, so a repeated or later refund adds only
 * the difference. A take-back never goes past the balance: what it cannot take is not taken.
 */
export function entriesForOrderReturn(input: {
  entries: readonly LoyaltyEntry[];
  orderId: number;
  refund: { refundedMinor: number; paidMinor: number } | "ALL";
}): LoyaltyEntry[] {
  const { entries, orderId, refund } = input;
  const ofOrder = entries.filter((entry) => entry.orderId === orderId);
  const total = (kind: LoyaltyEntryKind, sign: 1 | -1) =>
    ofOrder
      .filter((entry) => entry.kind === kind && Math.sign(entry.points) === sign)
      .reduce((sum, entry) => sum + Math.abs(entry.points), 0);
  const spent = total("SPENT", -1);
  const earned = total("EARNED", 1);
  const restoreDue = refund === "ALL" ? spent : pointsRestored(spent, refund.refundedMinor, refund.paidMinor);
  const takeBackDue =
    refund === "ALL" ? earned : pointsReversed(earned, refund.refundedMinor, refund.paidMinor);
  const restore = restoreDue - total("REVERSED", 1);
  const returned: LoyaltyEntry[] = [];
  if (restore > 0) returned.push({ kind: "REVERSED", points: restore, orderId });
  const balance = balanceOf(entries) + Math.max(0, restore);
  const takeBack = Math.min(takeBackDue - total("REVERSED", -1), balance);
  if (takeBack > 0) returned.push({ kind: "REVERSED", points: -takeBack, orderId });
  return returned;
}
