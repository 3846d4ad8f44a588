import { createHash, randomBytes } from "node:crypto";
import { type Locale, pickText, type StaffRole } from "@storefront/domain";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, partners, staffMembers, staffSessions, staffVendors, vendors } from "../db/schema.ts";

export type StaffRow = typeof staffMembers.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** A console session lives at most 30 days, and ends after 12 hours unused (a shift and a half). */
const SESSION_MAX_MS = 30 * 24 * 60 * 60 * 1000;
const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Using a session renews it, written at most every five minutes. */
const SESSION_TOUCH_MS = 5 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * The console account of an e-mail: its one membership with a password, else the first invitation
 * to it still unanswered (an e-mail may be invited by several partners; one of them becomes its
 * account, see the staff_members indexes).
 */
export async function findStaffByEmail(
  db: Database,
  email: string,
): Promise<{ staff: StaffRow; partner: PartnerRow } | null> {
  const found = await db
    .select({ staff: staffMembers, partner: partners })
    .from(staffMembers)
    .innerJoin(partners, eq(partners.id, staffMembers.partnerId))
    .where(eq(staffMembers.email, email.trim().toLowerCase()))
    .orderBy(asc(staffMembers.id));
  return found.find((one) => one.staff.passwordHash !== "") ?? found[0] ?? null;
}

/** When the member last signed in, shown on the partner's staff list. */
export async function recordSignIn(db: Database, staffId: number, now: Date): Promise<void> {
  await db.update(staffMembers).set({ lastSignInAt: now }).where(eq(staffMembers.id, staffId));
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
  /** The vendor's city in the reader's language (else the city's own). */
  localityName: string;
}

/**
 * The vendors a member works with: those given to vendor staff, every vendor of the partner
 * otherwise; each with its city's name in the reader's language.
 */
export async function vendorsOfStaff(
  db: Database,
  staff: Pick<StaffRow, "id" | "partnerId">,
  wholePartner: boolean,
  reader: Locale | null,
): Promise<StaffVendor[]> {
  const query = db
    .select({
      id: vendors.id,
      name: vendors.name,
      localityCode: localities.code,
      cityNames: localities.name,
      cityLang: localities.lang,
    })
    .from(vendors)
    .innerJoin(localities, eq(localities.id, vendors.localityId));
  const rows = wholePartner
    ? await query.where(eq(vendors.partnerId, staff.partnerId)).orderBy(asc(localities.id), asc(vendors.sort))
    : await query
        .innerJoin(staffVendors, eq(staffVendors.vendorId, vendors.id))
        .where(and(eq(staffVendors.staffId, staff.id), eq(vendors.partnerId, staff.partnerId)))
        .orderBy(asc(localities.id), asc(vendors.sort));
  return rows.map(({ cityNames, cityLang, ...vendor }) => ({
    ...vendor,
    localityName: pickText(cityNames, reader, cityLang as Locale),
  }));
}

/**
 * A new member of the partner (e-mail unique across the deployment, else null). An invited member
 * has no password (an empty hash matches none) until they set one from their invitation.
 */
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
): Promise<number | null> {
  const [row] = await db
    .insert(staffMembers)
    .values({
      partnerId: input.partnerId,
      email: input.email.trim().toLowerCase(),
      name: input.name,
      role: input.role,
      passwordHash: input.passwordHash,
    })
    .onConflictDoNothing()
    .returning({ id: staffMembers.id });
  if (!row) return null;
  if (input.vendorIds?.length)
    await db.insert(staffVendors).values(input.vendorIds.map((vendorId) => ({ staffId: row.id, vendorId })));
  return row.id;
}

/** The partner's members, with their vendors; invited ones have not set a password yet. */
export async function listStaff(db: Database, partnerId: number) {
  const [members, links] = await Promise.all([
    db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.partnerId, partnerId))
      .orderBy(asc(staffMembers.name)),
    db
      .select({ staffId: staffVendors.staffId, id: vendors.id, name: vendors.name })
      .from(staffVendors)
      .innerJoin(vendors, eq(vendors.id, staffVendors.vendorId))
      .where(eq(vendors.partnerId, partnerId)),
  ]);
  return members.map((member) => ({
    id: member.id,
    email: member.email,
    name: member.name,
    role: member.role,
    invited: member.passwordHash === "",
    lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
    vendors: links.filter((link) => link.staffId === member.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Which of these vendor ids are the partner's. */
export async function partnerVendorIds(db: Database, partnerId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.partnerId, partnerId), inArray(vendors.id, ids)));
  return rows.map((row) => row.id);
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
