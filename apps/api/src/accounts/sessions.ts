import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";

export type Platform = "web" | "ios" | "android";
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A session lasts a year from sign-in; signing out or deleting the account ends it earlier. */
const SESSION_DAYS = 365;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a session and returns its token, which is stored only as a hash. */
export async function openSession(
  db: Database,
  input: { partnerId: number; userId: number; platform: Platform; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(input.now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.insert(sessions).values({
    partnerId: input.partnerId,
    userId: input.userId,
    tokenHash: hashToken(token),
    platform: input.platform,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The session and user of a token, when the session is live and belongs to this partner. */
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
      ),
    )
    .limit(1);
  if (found?.user.status !== "ACTIVE") return null;
  return found;
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
