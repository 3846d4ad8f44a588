import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type UserChange = Partial<Omit<typeof users.$inferInsert, "id" | "partnerId" | "phone">>;

/**
 * The user of a partner's phone, created when new (with a random analytics id) and otherwise
 * marked signed in at `now`, active, with no deletion due.
 */
export async function upsertSignedInUser(
  db: Database,
  user: { partnerId: number; phone: string; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      partnerId: user.partnerId,
      phone: user.phone,
      lastLoginAt: user.now,
      gaUserId: sql`md5(random()::text)`,
    })
    .onConflictDoUpdate({
      target: [users.partnerId, users.phone],
      set: { lastLoginAt: user.now, status: "ACTIVE", deletionDueAt: null },
    })
    .returning();
  return row as UserRow;
}

/** Sets the user's changed fields; a change that names none answers the user as they are. */
export async function updateUserRow(db: Database, userId: number, change: UserChange): Promise<UserRow> {
  const [row] =
    Object.keys(change).length === 0
      ? await db.select().from(users).where(eq(users.id, userId))
      : await db.update(users).set(change).where(eq(users.id, userId)).returning();
  return row as UserRow;
}

/** Schedules a user's deletion at `due`: their sessions stop serving them until they sign in again. */
export async function markUserForDeletion(db: Database, userId: number, due: Date): Promise<void> {
  await db
    .update(users)
    .set({ status: "DELETION_SCHEDULED", deletionDueAt: due })
    .where(eq(users.id, userId));
}

/** Deletes the users whose scheduled deletion is due by `now`; answers how many. */
export async function deleteUsersDueBy(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.status, "DELETION_SCHEDULED"), lte(users.deletionDueAt, now)))
    .returning({ id: users.id });
  return deleted.length;
}

/** Whether the user is one of the partner's customers (a user of another partner, or deleted, is not). */
export async function isPartnerUser(db: Database, partnerId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.partnerId, partnerId)))
    .limit(1);
  return row !== undefined;
}
