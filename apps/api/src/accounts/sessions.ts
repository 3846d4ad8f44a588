import { createHash, randomBytes } from "node:crypto";
import { SESSION_IDLE_DAYS, SESSION_MAX_DAYS, SESSION_TOUCH_MINUTES } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import {
  deleteSession,
  deleteSessionsOfUser,
  findLiveSessionWithUser,
  findSessionWithUserStatus,
  insertSession,
  type SessionRow,
  setSessionLastUsed,
  setSessionPushToken,
} from "./sessions-repository.ts";
import type { UserRow } from "./users-repository.ts";

export type { SessionRow } from "./sessions-repository.ts";
export type { UserRow } from "./users-repository.ts";
export type Platform = "web" | "ios" | "android";

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
  const { token, tokenHash, expiresAt } = newSessionToken(input.now);
  await insertSession(db, {
    partnerId: input.partnerId,
    userId: input.userId,
    tokenHash,
    platform: input.platform,
    createdAt: input.now,
    lastUsedAt: input.now,
    expiresAt,
  });
  return { token, expiresAt };
}

/** A new session's token, the hash it is kept as, and the latest it may live (a customer's or a courier's). */
export function newSessionToken(now: Date): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString("base64url");
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + SESSION_MAX_DAYS * DAY_MS),
  };
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
  const found = await findLiveSessionWithUser(db, {
    tokenHash: hashToken(token),
    partnerId,
    now,
    usedAfter: idleSessionCutoff(now),
  });
  if (found?.user.status !== "ACTIVE") return null;
  if (now.getTime() - found.session.lastUsedAt.getTime() >= SESSION_TOUCH_MINUTES * 60 * 1000) {
    await setSessionLastUsed(db, found.session.id, now);
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
  const found = await findSessionWithUserStatus(db, tokenHash);
  if (!found) return null;
  const { userStatus, ...holder } = found;
  return { ...holder, userActive: userStatus === "ACTIVE" };
}

/** Whether a session is live now: opened within 180 days, used within 30, and its user not leaving. */
export function isSessionLive(holder: SessionHolder, now: Date): boolean {
  return holder.userActive && holder.expiresAt > now && holder.lastUsedAt > idleSessionCutoff(now);
}

export async function closeSession(db: Database, sessionId: number): Promise<void> {
  await deleteSession(db, sessionId);
}

export async function closeAllSessions(db: Database, userId: number): Promise<void> {
  await deleteSessionsOfUser(db, userId);
}

/** The push token of the session's device, for order status messages. */
export async function setPushToken(
  db: Database,
  sessionId: number,
  push: { token: string; projectId: string; platform: Platform },
): Promise<void> {
  await setSessionPushToken(db, sessionId, {
    fcmToken: push.token,
    fcmProjectId: push.projectId,
    platform: push.platform,
  });
}
