import { createHash, randomBytes } from "node:crypto";
import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS, SESSION_TOUCH_MINUTES } from "@storefront/domain";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type Platform = "web" | "ios" | "android";
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Sessions last used before this are over. */
export function idleSessionCutoff(now: Date): Date {
  return new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS);
}

/**
 * Opens a session and returns its token, which is stored only as a hash. It lives at most 180 days,
 * and ends sooner when unused for 30; signing out or deleting the account ends it at once.
 */
export async function openSession(
  db: Database,
  input: { partnerId: number; userId: number; platform: Platform; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + SESSION_MAX_DAYS * DAY_MS);
  await db.insert(sessions).values({
    partnerId: input.partnerId,
    userId: input.userId,
    tokenHash: hashToken(token),
    platform: input.platform,
    createdAt: input.now,
    lastUsedAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * The session and user of a token, when the session is live (used within 30 days, opened within 180)
 * and belongs to this partner. Using it renews it, written at most once an hour.
 */
export async function findSession(
  db: Database,
  partnerId: number,
  token: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.partnerId, partnerId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastUsedAt, idleSessionCutoff(now)),
      ),
    )
    .limit(1);
  if (found?.user.status !== "ACTIVE") return null;
  if (now.getTime() - found.session.lastUsedAt.getTime() >= SESSION_TOUCH_MINUTES * 60 * 1000) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, found.session.id));
    return { ...found, session: { ...found.session, lastUsedAt: now } };
  }
  return found;
}

/** Who holds a session and how long it lives, read by its token's hash; null when there is none. */
export interface SessionHolder {
  userId: number;
  userActive: boolean;
  expiresAt: Date;
  lastUsedAt: Date;
}

export async function findSessionHolder(db: Database, tokenHash: string): Promise<SessionHolder | null> {
  const [found] = await db
    .select({
      userId: sessions.userId,
      userStatus: users.status,
      expiresAt: sessions.expiresAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!found) return null;
  const { userStatus, ...holder } = found;
  return { ...holder, userActive: userStatus === "ACTIVE" };
}

/** Whether a session is live now: opened within 180 days, used within 30, and its user not leaving. */
export function isSessionLive(holder: SessionHolder, now: Date): boolean {
  return holder.userActive && holder.expiresAt > now && holder.lastUsedAt > idleSessionCutoff(now);
}

export async function closeSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function closeAllSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** The push token of the session's device, for order status messages. */
export async function setPushToken(
  db: Database,
  sessionId: number,
  push: { token: string; projectId: string; platform: Platform },
): Promise<void> {
  await db
    .update(sessions)
    .set({ fcmToken: push.token, fcmProjectId: push.projectId, platform: push.platform })
    .where(eq(sessions.id, sessionId));
}
