import {
  applyEntry,
  balanceOf,
  defaultLoyaltyProgramme,
  entriesForOrderReturn,
  expiredPoints,
  type LoyaltyEntry,
  type LoyaltyEntryKind,
  type LoyaltyOrderFacts,
  type LoyaltyProgramme,
  loyaltyEntryKey,
  pointsEarned,
  pointsExpireAt,
  refundedAmount,
  takesOffDelivery,
  toMajorUnits,
  toMinorUnits,
  welcomePoints,
} from "@storefront/domain";
import type { ConsoleReport, LoyaltyAccount } from "@storefront/domain/contract";
import {
  findLocalityRowByCode,
  findLocalityRowById,
  type LocalityRow,
  listLocalitiesWithPointsExpiry,
} from "../catalogue/localities-repository.ts";
import type { Database } from "../db/client.ts";
import { AppError, LOCALITY_NOT_FOUND_MESSAGE } from "../errors.ts";
import type { OrderRow } from "../orders/orders.ts";
import { listRefundFacts } from "../payments/order-refunds-repository.ts";
import {
  findLatestLedgerEntries,
  findLedgerEntries,
  findQuietLedgers,
  insertLedgerEntries,
  type LedgerOf,
  lockLedgers,
  type StoredLoyaltyEntry,
  sumLoyaltyBalances,
  sumLoyaltyEntries,
} from "./loyalty-repository.ts";

/** The lines a customer's points page shows. */
const HISTORY_LENGTH = 50;

/** A city's programme: the one its owners set, else the default (off). */
export function programmeOf(locality: Pick<LocalityRow, "params" | "currencyCode">): LoyaltyProgramme {
  return locality.params.loyalty ?? defaultLoyaltyProgramme(locality.currencyCode);
}

/** When the ledger's last activity was: its latest line that is not an expiry. */
function lastActivityOf(entries: readonly StoredLoyaltyEntry[]): Date | null {
  return entries.findLast((entry) => entry.kind !== "EXPIRED")?.at ?? null;
}

/** A line time made due, dated when it fell due where that was before now (an expiry). */
type DueEntry = LoyaltyEntry & { at?: Date };

/**
 * The lines time adds by itself before any change: the welcome bonus once the programme gives one
 * (once per ledger; not when `welcome` is false, for the hourly expiry), and the whole balance
 * expired after the programme's months without activity, dated at the moment it expired (not when
 * the hourly duty or the customer's next look wrote it), so the city's report counts it on its day.
 */
function dueEntries(
  programme: LoyaltyProgramme,
  entries: readonly StoredLoyaltyEntry[],
  now: Date,
  welcome = true,
): DueEntry[] {
  const due: DueEntry[] = [];
  const last = lastActivityOf(entries)?.toISOString();
  const expired = last ? expiredPoints(programme, balanceOf(entries), last, now.toISOString()) : 0;
  const expiredAt = last && expired > 0 ? pointsExpireAt(programme, last) : null;
  if (expiredAt) due.push({ kind: "EXPIRED", points: -expired, orderId: null, at: new Date(expiredAt) });
  const bonus = welcome ? welcomePoints(programme) : 0;
  if (bonus > 0 && !entries.some((entry) => entry.kind === "WELCOME"))
    due.push({ kind: "WELCOME", points: bonus, orderId: null });
  return due;
}

/**
 * Changes a customer's points in a city, in the caller's transaction: the customer's ledgers are
 * locked, the lines time made due are added, then those `change` asks for on the ledger as it then
 * is. Each line is checked on the running balance (`applyEntry`: never below zero); a line the
 * ledger holds once (an order's earning, the welcome bonus) and already holds is not added again.
 */
async function changeLedger(
  tx: Database,
  ledger: LedgerOf,
  input: { programme: LoyaltyProgramme; now: Date; welcome?: boolean },
  change: (entries: readonly StoredLoyaltyEntry[]) => LoyaltyEntry[] = () => [],
): Promise<StoredLoyaltyEntry[]> {
  await lockLedgers(tx, ledger.userId);
  const before = await findLedgerEntries(tx, ledger);
  const due = dueEntries(input.programme, before, input.now, input.welcome);
  const dated = (entry: DueEntry) => ({ ...entry, at: entry.at ?? input.now });
  const settled = [...before, ...due.map(dated)];
  const added = [...due, ...change(settled)].map(dated);
  let balance = balanceOf(before);
  for (const entry of added) balance = applyEntry(balance, entry);
  await insertLedgerEntries(
    tx,
    ledger,
    added.map((entry) => ({ ...entry, key: loyaltyEntryKey(entry) })),
  );
  return [...before, ...added];
}

/** What an order paid for goods, as earning counts it, from what the customer saw at checkout. */
function orderFacts(order: OrderRow): LoyaltyOrderFacts {
  const minor = (major: number) => toMinorUnits(major, order.currencyCode);
  const { prices } = order.snapshot;
  return {
    status: order.status,
    goodsTotalMinor: minor(prices.cartTotal),
    goodsDiscountMinor: prices.discounts
      .filter((discount) => !takesOffDelivery(discount))
      .reduce((total, discount) => total + minor(discount.discountTotal), 0),
  };
}

const ledgerOfOrder = (order: Pick<OrderRow, "partnerId" | "userId" | "localityId">): LedgerOf => ({
  partnerId: order.partnerId,
  userId: order.userId,
  localityId: order.localityId,
});

/**
 * A delivered order earns its customer points at its city's programme as it is now, once, in the
 * transaction that records the delivery.
 */
export async function earnOrderPoints(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const locality = await findLocalityRowById(tx, order.localityId);
  if (!locality) return;
  const programme = programmeOf(locality);
  const points = pointsEarned(programme, orderFacts(order));
  if (points <= 0) return;
  await changeLedger(tx, ledgerOfOrder(order), { programme, now }, () => [
    { kind: "EARNED", points, orderId: order.id },
  ]);
}

/**
 * Settles an order's points after a refund (`refundedMinor` of `paidMinor`, all refunded so far) or
 * its end undelivered (`"ALL"`), in the transaction that records it: the points it spent come back
 * and those it earned are taken back, in proportion, each only once however often this is called.
 */
export async function returnOrderPoints(
  tx: Database,
  order: OrderRow,
  refund: { refundedMinor: number; paidMinor: number } | "ALL",
  now: Date,
): Promise<void> {
  const locality = await findLocalityRowById(tx, order.localityId);
  if (!locality) return;
  await changeLedger(tx, ledgerOfOrder(order), { programme: programmeOf(locality), now }, (entries) =>
    entriesForOrderReturn({ entries, orderId: order.id, refund }),
  );
}

/**
 * Writes the expiry of every balance left quiet longer than its city's programme allows, as the
 * leader's hourly duty: the report's outstanding points and liability then leave them out without
 * waiting for their customers to come back (whose next read or change would write the same line).
 */
export async function expireQuietPoints(db: Database, now: Date): Promise<number> {
  let expired = 0;
  for (const locality of await listLocalitiesWithPointsExpiry(db)) {
    const programme = programmeOf(locality);
    if (programme.expiryMonths === null) continue;
    // A few days' margin for months of unequal length; the domain's rule decides each ledger.
    const quietSince = new Date(now);
    quietSince.setUTCMonth(quietSince.getUTCMonth() - programme.expiryMonths);
    quietSince.setUTCDate(quietSince.getUTCDate() + 3);
    for (const ledger of await findQuietLedgers(db, locality.id, quietSince))
      await db.transaction(async (tx) => {
        // Only the expiry: a welcome bonus waits for the customer's own look (decision 0174).
        const entries = await changeLedger(tx, ledger, { programme, now, welcome: false });
        if (entries.at(-1)?.kind === "EXPIRED") expired += 1;
      });
  }
  return expired;
}

/**
 * Settles an order's points after money was given back, by the console or at the processor, in the
 * transaction that records it: in proportion to everything refunded of its payment so far.
 */
export async function returnPointsAfterRefunds(tx: Database, order: OrderRow, now: Date): Promise<void> {
  const [facts] = await listRefundFacts(tx, [order.id]);
  if (!facts) return;
  await returnOrderPoints(tx, order, { refundedMinor: refundedAmount(facts), paidMinor: facts.paid }, now);
}

/**
 * What a customer's cart may spend of their points in its city: the programme and the balance as
 * it will be once the lines time made due are added (an expired balance spends nothing); null for
 * a guest. Read in the caller's transaction, which holds the ledger (`lockLedgers`) when it spends.
 */
export async function pointsForCart(
  db: Database,
  input: { partnerId: number; userId: number | null; locality: LocalityRow; now: Date },
): Promise<{ programme: LoyaltyProgramme; balance: number } | null> {
  if (input.userId === null) return null;
  const programme = programmeOf(input.locality);
  if (!programme.enabled) return { programme, balance: 0 };
  const ledger = { partnerId: input.partnerId, userId: input.userId, localityId: input.locality.id };
  const entries = await findLedgerEntries(db, ledger);
  return { programme, balance: balanceOf(entries) + balanceOf(dueEntries(programme, entries, input.now)) };
}

/**
 * The points an order spends, in the transaction that places it, which took the ledger's lock
 * before its cart was priced: the balance it was priced on is the balance it spends from.
 */
export async function spendOrderPoints(
  tx: Database,
  order: Pick<OrderRow, "id" | "partnerId" | "userId" | "localityId">,
  input: { locality: LocalityRow; points: number; now: Date },
): Promise<void> {
  if (input.points <= 0) return;
  await changeLedger(
    tx,
    ledgerOfOrder(order),
    { programme: programmeOf(input.locality), now: input.now },
    () => [{ kind: "SPENT", points: -input.points, orderId: order.id }],
  );
}

/**
 * A customer's points in a city and the city's programme as they read it; reading it begins the
 * ledger (a welcome bonus) and expires a balance left too long, as any change would.
 */
export async function loyaltyAccount(
  db: Database,
  input: { partnerId: number; userId: number; localityCode: string; now: Date },
): Promise<LoyaltyAccount> {
  const locality = await findLocalityRowByCode(db, input.partnerId, input.localityCode);
  if (!locality) throw new AppError(404, "LocalityNotFoundException", LOCALITY_NOT_FOUND_MESSAGE);
  const programme = programmeOf(locality);
  const ledger = { partnerId: input.partnerId, userId: input.userId, localityId: locality.id };
  const entries = await db.transaction((tx) => changeLedger(tx, ledger, { programme, now: input.now }));
  const latest = await findLatestLedgerEntries(db, ledger, HISTORY_LENGTH);
  const balance = balanceOf(entries);
  const major = (minor: number) => toMajorUnits(minor, locality.currencyCode);
  const last = lastActivityOf(entries);
  return {
    localityCode: locality.code,
    enabled: programme.enabled,
    currencyCode: locality.currencyCode,
    balance,
    balanceValue: major(balance * programme.pointValueMinor),
    earnPoints: programme.earnPoints,
    earnPer: major(programme.earnPerMinor),
    pointValue: major(programme.pointValueMinor),
    minimumToRedeem: programme.minimumToRedeem,
    expiresAt: last && balance > 0 ? pointsExpireAt(programme, last.toISOString()) : null,
    entries: latest.map((entry) => ({
      kind: entry.kind,
      points: entry.points,
      orderId: entry.orderId,
      createdAt: entry.at.toISOString(),
    })),
  };
}

/**
 * A city's points over a period [from, to) for its report: issued (earned and welcome bonuses),
 * redeemed (spent, less what cancellations and refunds gave back), expired, taken back by refunds,
 * and every balance added up at the period's end with what it would take off at checkout now.
 */
export async function loyaltyReport(
  db: Database,
  locality: Pick<LocalityRow, "id" | "params" | "currencyCode">,
  period: { from: Date; to: Date },
): Promise<NonNullable<ConsoleReport["loyalty"]>> {
  const [sums, outstanding] = await Promise.all([
    sumLoyaltyEntries(db, { localityId: locality.id, ...period }),
    sumLoyaltyBalances(db, locality.id, period.to),
  ]);
  const total = (kind: LoyaltyEntryKind, positive: boolean) =>
    Math.abs(sums.find((row) => row.kind === kind && row.positive === positive)?.points ?? 0);
  return {
    issued: total("EARNED", true) + total("WELCOME", true),
    redeemed: total("SPENT", false) - total("REVERSED", true),
    expired: total("EXPIRED", false),
    reversed: total("REVERSED", false),
    outstanding,
    outstandingValue: toMajorUnits(
      outstanding * programmeOf(locality).pointValueMinor,
      locality.currencyCode,
    ),
  };
}
