import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { staffMembers, staffPasswordTokens, staffSessions } from "../db/schema.ts";

export async function insertPasswordToken(
  db: Database,
  values: typeof staffPasswordTokens.$inferInsert,
): Promise<void> {
  await db.insert(staffPasswordTokens).values(values);
}

/** How many reset links the member was sent after `since`. */
export async function countResetsSince(db: Database, staffId: number, since: Date): Promise<number> {
  const [sent] = await db
    .select({ n: count() })
    .from(staffPasswordTokens)
    .where(
      and(
        eq(staffPasswordTokens.staffId, staffId),
        eq(staffPasswordTokens.purpose, "RESET"),
        gt(staffPasswordTokens.createdAt, since),
      ),
    );
  return sent?.n ?? 0;
}

/**
 * The unused link of this hash that is still live at `now`, with its member's e-mail, locked for the
 * rest of the transaction; null when there is none.
 */
export async function lockLivePasswordToken(db: Database, tokenHash: string, now: Date) {
  const [found] = await db
    .select({ token: staffPasswordTokens, email: staffMembers.email })
    .from(staffPasswordTokens)
    .innerJoin(staffMembers, eq(staffMembers.id, staffPasswordTokens.staffId))
    .where(
      and(
        eq(staffPasswordTokens.tokenHash, tokenHash),
        isNull(staffPasswordTokens.usedAt),
        gt(staffPasswordTokens.expiresAt, now),
      ),
    )
    .limit(1)
    .for("update", { of: staffPasswordTokens });
  return found ?? null;
}

/** The member's new password; the account is unlocked and its failed sign-ins forgotten. */
export async function setStaffPassword(db: Database, staffId: number, passwordHash: string): Promise<void> {
  await db
    .update(staffMembers)
    .set({ passwordHash, failedSignIns: 0, lockedUntil: null })
    .where(eq(staffMembers.id, staffId));
}

/** Every unused link of the member marked used now. */
export async function spendPasswordTokens(db: Database, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffPasswordTokens)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordTokens.staffId, staffId), isNull(staffPasswordTokens.usedAt)));
}

/** Ends every console session of the member. */
export async function closeAllStaffSessions(db: Database, staffId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}
