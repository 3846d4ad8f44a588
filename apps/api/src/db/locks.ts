import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * What a lock guards; each kind is its own space of lock keys. Every caller takes its locks in this
 * order (a phone before an address), so two requests never wait on each other in a circle.
 */
export const LOCK_KINDS = {
  phone: 1,
  address: 2,
  invoiceEmails: 3,
  groupJoinAddress: 4,
  groupJoinGroup: 5,
} as const;

/**
 * Runs `work` in a transaction holding PostgreSQL advisory locks on the given keys, so that a
 * count-then-insert of one key (codes per phone, e-mails per customer) queues instead of racing
 * on a pooled server. The locks end with the transaction.
 */
export async function withLocks<T>(
  db: Database,
  locks: ReadonlyArray<readonly [kind: keyof typeof LOCK_KINDS, key: string]>,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    for (const [kind, key] of locks)
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KINDS[kind]}::int, hashtext(${key}))`);
    return work(tx);
  });
}
