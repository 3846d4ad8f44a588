import { createHash, randomBytes } from "node:crypto";
import type { StaffRole } from "@storefront/domain";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, partners, staffMembers, staffSessions, staffVendors, vendors } from "../db/schema.ts";

export type StaffRow = typeof staffMembers.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** A console session lives at most 30 days, and ends after 12 hours unused (a shift and a half). */
const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Using a session renews it, written at most every five minutes. */
const SESSION_TOUCH_MS = 5 * 60 * 1000;

/** Wrong passwords in a row that lock an account, and for how long. */
export const SIGN_IN_LOCK = { failures: 5, minutes: 15 } as const;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function findStaffByEmail(
  db: Database,
  email: string,
): Promise<{ staff: StaffRow; partner: PartnerRow } | null> {
  const [found] = await db
    .select({ staff: staffMembers, partner: partners })
    .from(staffMembers)
    .innerJoin(partners, eq(partners.id, staffMembers.partnerId))
    .where(eq(staffMembers.email, email.trim().toLowerCase()))
    .limit(1);
  return found ?? null;
}

/** Counts a wrong password; the one that reaches the limit locks the account. */
export async function recordFailedSignIn(db: Database, staffId: number, now: Date): Promise<void> {
  const lockUntil = new Date(now.getTime() + SIGN_IN_LOCK.minutes * 60_000);
  await db
    .update(staffMembers)
    .set({
      failedSignIns: sql`${staffMembers.failedSignIns} + 1`,
      lockedUntil: sql`case when ${staffMembers.failedSignIns} + 1 >= ${SIGN_IN_LOCK.failures} then ${lockUntil.toISOString()}::timestamptz else ${staffMembers.lockedUntil} end`,
    })
    .where(eq(staffMembers.id, staffId));
}

export async function recordSignIn(db: Database, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffMembers)
    .set({ failedSignIns: 0, lockedUntil: null, lastSignInAt: now })
    .where(eq(staffMembers.id, staffId));
}

export async function openStaffSession(db: Database, staffId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(staffSessions).values({
    staffId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
  });
  return token;
}

/** The member and partner of a live console session; using it renews it. */
export async function findStaffSession(
  db: Database,
  token: string,
  now: Date,
): Promise<{ staff: StaffRow; partner: PartnerRow } | null> {
  const [found] = await db
    .select({ session: staffSessions, staff: staffMembers, partner: partners })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .innerJoin(partners, eq(partners.id, staffMembers.partnerId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastUsedAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    )
    .limit(1);
  if (!found) return null;
  if (now.getTime() - found.session.lastUsedAt.getTime() > SESSION_TOUCH_MS) {
    await db.update(staffSessions).set({ lastUsedAt: now }).where(eq(staffSessions.id, found.session.id));
  }
  return { staff: found.staff, partner: found.partner };
}

export async function closeStaffSession(db: Database, token: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.tokenHash, hashToken(token)));
}

export async function setStaffLocale(db: Database, staffId: number, locale: string | null): Promise<void> {
  await db.update(staffMembers).set({ locale }).where(eq(staffMembers.id, staffId));
}

export interface StaffVendor {
  id: number;
  name: string;
  localityCode: string;
}

/** The vendors a member works with: those given to vendor staff, every vendor of the partner otherwise. */
export async function vendorsOfStaff(
  db: Database,
  staff: Pick<StaffRow, "id" | "partnerId">,
  wholePartner: boolean,
): Promise<StaffVendor[]> {
  const query = db
    .select({ id: vendors.id, name: vendors.name, localityCode: localities.code })
    .from(vendors)
    .innerJoin(localities, eq(localities.id, vendors.localityId));
  const rows = wholePartner
    ? await query.where(eq(vendors.partnerId, staff.partnerId)).orderBy(asc(localities.id), asc(vendors.sort))
    : await query
        .innerJoin(staffVendors, eq(staffVendors.vendorId, vendors.id))
        .where(and(eq(staffVendors.staffId, staff.id), eq(vendors.partnerId, staff.partnerId)))
        .orderBy(asc(localities.id), asc(vendors.sort));
  return rows;
}

export async function createStaffMember(
  db: Database,
  input: {
    partnerId: number;
    email: string;
    name: string;
    role: StaffRole;
    passwordHash: string;
    vendorIds?: number[];
  },
): Promise<number> {
  const [row] = await db
    .insert(staffMembers)
    .values({
      partnerId: input.partnerId,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: input.passwordHash,
    })
    .returning({ id: staffMembers.id });
  const id = (row as { id: number }).id;
  if (input.vendorIds?.length)
    await db.insert(staffVendors).values(input.vendorIds.map((vendorId) => ({ staffId: id, vendorId })));
  return id;
}

/** Vendors with staff of their own: their orders are taken in the console, not by the demo's simulator. */
export async function staffedVendorIds(db: Database, partnerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ vendorId: staffVendors.vendorId })
    .from(staffVendors)
    .innerJoin(staffMembers, eq(staffMembers.id, staffVendors.staffId))
    .where(eq(staffMembers.partnerId, partnerId));
  return rows.map((row) => row.vendorId);
}

export async function setStaffPasswords(db: Database, ids: number[], passwordHash: string): Promise<void> {
  if (ids.length === 0) return;
  await db.update(staffMembers).set({ passwordHash }).where(inArray(staffMembers.id, ids));
}
