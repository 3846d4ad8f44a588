import { createHash } from "node:crypto";
import {
  type SignInSlowdown,
  STAFF_ACCOUNT_SLOWDOWN,
  STAFF_ADDRESS_MEMORY_SECONDS,
  STAFF_ADDRESS_SLOWDOWN,
  signInWaitTable,
} from "@storefront/domain";
import { and, eq, gt, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { staffMembers, staffSignInAddresses, staffSignInUnknownEmails } from "../db/schema.ts";

/**
 * A console sign-in takes its attempt before its password is checked: one conditional UPDATE counts
 * it as a failure and sets the wait that failure earns, and answers nothing while an earlier one's
 * wait runs. However many attempts arrive at once, on however many processes, the database lets
 * through only as many as the slowdown allows; an attempt that proves right gives its count back.
 */
export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The wait (seconds) a count of failures earns, read from the slowdown's table in SQL. */
function waitAfter(failures: SQL, slowdown: SignInSlowdown): SQL {
  const table = signInWaitTable(slowdown);
  // Whole numbers of our own making, not input: written into the statement as an array literal.
  const literal = sql.raw(`array[${table.map((seconds) => Math.trunc(seconds)).join(",")}]::int[]`);
  return sql`(${literal})[least(${failures}, ${table.length})]`;
}

/** The time until which a count of failures holds the next attempt back (null: none). */
function holdUntil(failures: SQL, slowdown: SignInSlowdown, now: Date): SQL<Date | null> {
  const wait = waitAfter(failures, slowdown);
  return sql`case when ${wait} > 0 then ${now.toISOString()}::timestamptz + make_interval(secs => ${wait}) end`;
}

const refusal = (until: Date | null | undefined, now: Date): Attempt => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil(((until?.getTime() ?? now.getTime()) - now.getTime()) / 1000)),
});

/** Takes one attempt at the account's password, unless its wait runs. */
export async function takeAccountAttempt(db: Database, staffId: number, now: Date): Promise<Attempt> {
  const failures = sql`${staffMembers.failedSignIns} + 1`;
  const taken = await db
    .update(staffMembers)
    .set({ failedSignIns: failures, lockedUntil: holdUntil(failures, STAFF_ACCOUNT_SLOWDOWN, now) })
    .where(
      and(
        eq(staffMembers.id, staffId),
        or(isNull(staffMembers.lockedUntil), lte(staffMembers.lockedUntil, now)),
      ),
    )
    .returning({ id: staffMembers.id });
  if (taken.length > 0) return { allowed: true };
  const [held] = await db
    .select({ until: staffMembers.lockedUntil })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  return refusal(held?.until, now);
}

/** How long an unknown e-mail's failures are kept after its last one. */
const UNKNOWN_EMAIL_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

const emailHashOf = (email: string) =>
  createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");

/**
 * Takes one attempt at an e-mail that is no member's, unless its wait runs: counted and held as a
 * member's account is (`takeAccountAttempt`), so the two answer alike.
 */
export async function takeUnknownEmailAttempt(db: Database, email: string, now: Date): Promise<Attempt> {
  const emailHash = emailHashOf(email);
  const failures = sql`${staffSignInUnknownEmails.failedSignIns} + 1`;
  const taken = await db
    .insert(staffSignInUnknownEmails)
    .values({
      emailHash,
      failedSignIns: 1,
      lastFailureAt: now,
      lockedUntil: holdUntil(sql`1`, STAFF_ACCOUNT_SLOWDOWN, now),
    })
    .onConflictDoUpdate({
      target: staffSignInUnknownEmails.emailHash,
      set: {
        failedSignIns: failures,
        lastFailureAt: now,
        lockedUntil: holdUntil(failures, STAFF_ACCOUNT_SLOWDOWN, now),
      },
      setWhere: or(
        isNull(staffSignInUnknownEmails.lockedUntil),
        lte(staffSignInUnknownEmails.lockedUntil, now),
      ),
    })
    .returning({ emailHash: staffSignInUnknownEmails.emailHash });
  if (taken.length > 0) return { allowed: true };
  const [held] = await db
    .select({ until: staffSignInUnknownEmails.lockedUntil })
    .from(staffSignInUnknownEmails)
    .where(eq(staffSignInUnknownEmails.emailHash, emailHash));
  return refusal(held?.until, now);
}

/** Takes one attempt from a network address, across every account, unless the address's wait runs. */
export async function takeAddressAttempt(db: Database, address: string, now: Date): Promise<Attempt> {
  const forgetBefore = new Date(now.getTime() - STAFF_ADDRESS_MEMORY_SECONDS * 1000);
  const failures = sql`case when ${staffSignInAddresses.lastFailureAt} <= ${forgetBefore.toISOString()}::timestamptz then 1 else ${staffSignInAddresses.failures} + 1 end`;
  const taken = await db
    .insert(staffSignInAddresses)
    .values({
      address,
      failures: 1,
      lastFailureAt: now,
      waitUntil: holdUntil(sql`1`, STAFF_ADDRESS_SLOWDOWN, now),
    })
    .onConflictDoUpdate({
      target: staffSignInAddresses.address,
      set: {
        failures,
        lastFailureAt: now,
        waitUntil: holdUntil(failures, STAFF_ADDRESS_SLOWDOWN, now),
      },
      setWhere: or(isNull(staffSignInAddresses.waitUntil), lte(staffSignInAddresses.waitUntil, now)),
    })
    .returning({ address: staffSignInAddresses.address });
  if (taken.length > 0) return { allowed: true };
  const [held] = await db
    .select({ until: staffSignInAddresses.waitUntil })
    .from(staffSignInAddresses)
    .where(eq(staffSignInAddresses.address, address));
  return refusal(held?.until, now);
}

/** A right password: the account's failures and its wait are over. */
export async function clearAccountFailures(db: Database, staffId: number): Promise<void> {
  await db
    .update(staffMembers)
    .set({ failedSignIns: 0, lockedUntil: null })
    .where(eq(staffMembers.id, staffId));
}

/**
 * Gives an address back the attempt it took: its password proved right, or the account's own wait
 * refused it unchecked. Staff signing in from one office address use up nothing.
 */
export async function returnAddressAttempt(db: Database, address: string): Promise<void> {
  await db
    .update(staffSignInAddresses)
    .set({ failures: sql`${staffSignInAddresses.failures} - 1` })
    .where(and(eq(staffSignInAddresses.address, address), gt(staffSignInAddresses.failures, 0)));
}

/**
 * The scheduled job: drops the addresses whose failures are forgotten anyway (none for an hour, so
 * their last wait is over too). Returns how many.
 */
export async function forgetQuietAddresses(db: Database, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - STAFF_ADDRESS_MEMORY_SECONDS * 1000);
  const forgotten = await db
    .delete(staffSignInAddresses)
    .where(lte(staffSignInAddresses.lastFailureAt, forgetBefore))
    .returning({ address: staffSignInAddresses.address });
  return forgotten.length;
}

/**
 * The scheduled job: drops the unknown e-mails without a failed sign-in for 30 days. Returns how
 * many.
 */
export async function forgetQuietUnknownEmails(db: Database, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - UNKNOWN_EMAIL_MEMORY_MS);
  const forgotten = await db
    .delete(staffSignInUnknownEmails)
    .where(lte(staffSignInUnknownEmails.lastFailureAt, forgetBefore))
    .returning({ emailHash: staffSignInUnknownEmails.emailHash });
  return forgotten.length;
}
