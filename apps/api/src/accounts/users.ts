import { ACCOUNT_DELETION_DAYS } from "@storefront/domain";
import type { CustomerUser, UpdateCustomer } from "@storefront/domain/contract";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import type { UserRow } from "./sessions.ts";

export function toCustomerUser(row: UserRow): CustomerUser {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    birthDate: row.birthDate,
    email: row.email,
    healthyLifestyle: row.healthyLifestyle,
    lang: row.lang,
    gaUserId: row.gaUserId,
    status: row.status,
  };
}

/**
 * The user of a confirmed phone: created on the first sign-in; a signing-in user whose deletion
 * was scheduled gets the account back.
 */
export async function signInUser(
  db: Database,
  partnerId: number,
  phone: string,
  now: Date,
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ partnerId, phone, lastLoginAt: now, gaUserId: sql`md5(random()::text)` })
    .onConflictDoUpdate({
      target: [users.partnerId, users.phone],
      set: { lastLoginAt: now, status: "ACTIVE", deletionDueAt: null },
    })
    .returning();
  return row as UserRow;
}

export async function updateUser(db: Database, userId: number, changes: UpdateCustomer): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.email !== undefined ? { email: changes.email?.toLowerCase() ?? null } : {}),
      ...(changes.birthDate !== undefined ? { birthDate: changes.birthDate } : {}),
      ...(changes.healthyLifestyle !== undefined ? { healthyLifestyle: changes.healthyLifestyle } : {}),
      ...(changes.lang !== undefined ? { lang: changes.lang } : {}),
    })
    .where(eq(users.id, userId))
    .returning();
  return row as UserRow;
}

/** Deletion takes effect after 30 days; until then signing in cancels it. */
export async function scheduleDeletion(db: Database, userId: number, now: Date): Promise<Date> {
  const due = new Date(now.getTime() + ACCOUNT_DELETION_DAYS * 24 * 60 * 60 * 1000);
  await db
    .update(users)
    .set({ status: "DELETION_SCHEDULED", deletionDueAt: due })
    .where(eq(users.id, userId));
  return due;
}

/** The scheduled job: deletes the accounts whose deletion is due. Returns how many. */
export async function deleteDueAccounts(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(eq(users.status, "DELETION_SCHEDULED"), lte(users.deletionDueAt, now)))
    .returning({ id: users.id });
  return deleted.length;
}
