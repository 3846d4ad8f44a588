import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { preparedQuery } from "../db/prepared.ts";
import { sessions, users } from "../db/schema.ts";
import type { UserRow } from "./users-repository.ts";

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = Omit<typeof sessions.$inferInsert, "id">;

export async function insertSession(db: Database, session: NewSessionRow): Promise<void> {
  await db.insert(sessions).values(session);
}

/** A session not expired at `now` and used after `usedAfter` (not idle too long): dates or SQL values. */
export function sessionIsLive(now: Date | SQL, usedAfter: Date | SQL) {
  return and(gt(sessions.expiresAt, now), gt(sessions.lastUsedAt, usedAfter));
}

/** Read on every signed-in request, prepared: the dates are bound as ISO strings. */
const liveSessionWithUser = preparedQuery<
  { tokenHash: string; partnerId: number; now: string; usedAfter: string },
  Array<{ session: SessionRow; user: UserRow }>
>("live_session_with_user", (db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        eq(sessions.partnerId, sql.placeholder("partnerId")),
        sessionIsLive(
          sql`${sql.placeholder("now")}::timestamptz`,
          sql`${sql.placeholder("usedAfter")}::timestamptz`,
        ),
      ),
    )
    .limit(1),
);

/**
 * The session of a token's hash with its user, when it belongs to this partner, lives past `now` and
 * was used after `usedAfter`; null otherwise.
 */
export async function findLiveSessionWithUser(
  db: Database,
  query: { tokenHash: string; partnerId: number; now: Date; usedAfter: Date },
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [found] = await liveSessionWithUser(db, {
    tokenHash: query.tokenHash,
    partnerId: query.partnerId,
    now: query.now.toISOString(),
    usedAfter: query.usedAfter.toISOString(),
  });
  return found ?? null;
}

export async function setSessionLastUsed(db: Database, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, sessionId));
}

/** A session of a token's hash, live or not, with its user's status; null when there is none. */
export async function findSessionWithUserStatus(db: Database, tokenHash: string) {
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
  return found ?? null;
}

export async function deleteSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteSessionsOfUser(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function setSessionPushToken(
  db: Database,
  sessionId: number,
  push: { fcmToken: string; fcmProjectId: string; platform: SessionRow["platform"] },
): Promise<void> {
  await db.update(sessions).set(push).where(eq(sessions.id, sessionId));
}

/** A device FCM no longer knows (the app was removed): its token is forgotten on every session. */
export async function forgetDeviceToken(db: Database, token: string): Promise<void> {
  await db.update(sessions).set({ fcmToken: null, fcmProjectId: null }).where(eq(sessions.fcmToken, token));
}
