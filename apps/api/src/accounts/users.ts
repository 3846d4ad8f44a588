import { ACCOUNT_DELETION_DAYS } from "@storefront/domain";
import type { CustomerUser, UpdateCustomer } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import {
  deleteUsersDueBy,
  markUserForDeletion,
  type UserRow,
  updateUserRow,
  upsertSignedInUser,
} from "./users-repository.ts";

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
  return upsertSignedInUser(db, { partnerId, phone, now });
}

export async function updateUser(db: Database, userId: number, changes: UpdateCustomer): Promise<UserRow> {
  return updateUserRow(db, userId, {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.email !== undefined ? { email: changes.email?.toLowerCase() ?? null } : {}),
    ...(changes.birthDate !== undefined ? { birthDate: changes.birthDate } : {}),
    ...(changes.healthyLifestyle !== undefined ? { healthyLifestyle: changes.healthyLifestyle } : {}),
    ...(changes.lang !== undefined ? { lang: changes.lang } : {}),
  });
}

/** Deletion takes effect after 30 days; until then signing in cancels it. */
export async function scheduleDeletion(db: Database, userId: number, now: Date): Promise<Date> {
  const due = new Date(now.getTime() + ACCOUNT_DELETION_DAYS * 24 * 60 * 60 * 1000);
  await markUserForDeletion(db, userId, due);
  return due;
}

/** The scheduled job: deletes the accounts whose deletion is due. Returns how many. */
export async function deleteDueAccounts(db: Database, now: Date): Promise<number> {
  return deleteUsersDueBy(db, now);
}
