import type { LoyaltyEntry, LoyaltyEntryKind } from "@storefront/domain";
import { and, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { loyaltyEntries } from "../db/schema.ts";

/** A customer's points in one city. */
export interface LedgerOf {
  partnerId: number;
  userId: number;
  localityId: number;
}

export interface StoredLoyaltyEntry extends LoyaltyEntry {
  at: Date;
}

const ofLedger = (ledger: LedgerOf) =>
  and(eq(loyaltyEntries.userId, ledger.userId), eq(loyaltyEntries.localityId, ledger.localityId));

/**
 * Holds the customer's ledgers until the transaction ends: changes of one customer's points are
 * made one at a time, each on the balance the one before left.
 */
export async function lockLedgers(tx: Database, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('loyalty-ledger'), ${userId})`);
}

/** A line as the domain reads it, and when it was written. */
const entryColumns = {
  kind: loyaltyEntries.kind,
  points: loyaltyEntries.points,
  orderId: loyaltyEntries.orderId,
  at: loyaltyEntries.at,
};

/** Every line of the ledger, the oldest first. */
export async function findLedgerEntries(db: Database, ledger: LedgerOf): Promise<StoredLoyaltyEntry[]> {
  return db.select(entryColumns).from(loyaltyEntries).where(ofLedger(ledger)).orderBy(loyaltyEntries.id);
}

/** The latest lines of the ledger, the latest first. */
export async function findLatestLedgerEntries(
  db: Database,
  ledger: LedgerOf,
  limit: number,
): Promise<StoredLoyaltyEntry[]> {
  return db
    .select(entryColumns)
    .from(loyaltyEntries)
    .where(ofLedger(ledger))
    .orderBy(desc(loyaltyEntries.id))
    .limit(limit);
}

/**
 * Adds lines to the ledger; a line whose key (`loyaltyEntryKey`) the ledger already holds is not
 * added again. Answers how many were added.
 */
export async function insertLedgerEntries(
  db: Database,
  ledger: LedgerOf,
  entries: ReadonlyArray<LoyaltyEntry & { key: string | null; at: Date }>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const added = await db
    .insert(loyaltyEntries)
    .values(
      entries.map((entry) => ({
        ...ledger,
        kind: entry.kind,
        points: entry.points,
        orderId: entry.orderId,
        entryKey: entry.key,
        at: entry.at,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: loyaltyEntries.id });
  return added.length;
}

/** The city's points lines of a period, added up by kind and sign. */
export async function sumLoyaltyEntries(
  db: Database,
  input: { localityId: number; from: Date; to: Date },
): Promise<Array<{ kind: LoyaltyEntryKind; positive: boolean; points: number }>> {
  const positive = sql<boolean>`${loyaltyEntries.points} > 0`;
  const rows = await db
    .select({ kind: loyaltyEntries.kind, positive, points: sum(loyaltyEntries.points).mapWith(Number) })
    .from(loyaltyEntries)
    .where(
      and(
        eq(loyaltyEntries.localityId, input.localityId),
        gte(loyaltyEntries.at, input.from),
        lt(loyaltyEntries.at, input.to),
      ),
    )
    .groupBy(loyaltyEntries.kind, positive);
  return rows;
}

/** Every customer's balance in the city added up, as it stood just before `at`. */
export async function sumLoyaltyBalances(db: Database, localityId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ points: sum(loyaltyEntries.points).mapWith(Number) })
    .from(loyaltyEntries)
    .where(and(eq(loyaltyEntries.localityId, localityId), lt(loyaltyEntries.at, at)));
  return row?.points ?? 0;
}

/**
 * The city's ledgers holding points whose last activity (any line but an expiry) is older than
 * `quietSince`: those whose balance may have expired.
 */
export async function findQuietLedgers(
  db: Database,
  localityId: number,
  quietSince: Date,
): Promise<LedgerOf[]> {
  return db
    .select({
      partnerId: loyaltyEntries.partnerId,
      userId: loyaltyEntries.userId,
      localityId: loyaltyEntries.localityId,
    })
    .from(loyaltyEntries)
    .where(eq(loyaltyEntries.localityId, localityId))
    .groupBy(loyaltyEntries.partnerId, loyaltyEntries.userId, loyaltyEntries.localityId)
    .having(
      and(
        sql`sum(${loyaltyEntries.points}) > 0`,
        sql`max(${loyaltyEntries.at}) filter (where ${loyaltyEntries.kind} <> 'EXPIRED') < ${quietSince}`,
      ),
    );
}
