import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users, webPushSubscriptions } from "../db/schema.ts";
import { sessionIsLive } from "./sessions-repository.ts";

export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;

/** The session's subscription, set or replaced (a browser has one per site). */
export async function saveWebPushSubscription(
  db: Database,
  row: { sessionId: number; endpoint: string; p256dh: string; auth: string },
): Promise<void> {
  await db
    .insert(webPushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: webPushSubscriptions.sessionId,
      set: { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, createdAt: new Date() },
    });
}

export async function deleteSessionWebPushSubscription(db: Database, sessionId: number): Promise<void> {
  await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.sessionId, sessionId));
}

export async function findWebPushSubscription(
  db: Database,
  id: number,
): Promise<WebPushSubscriptionRow | null> {
  const [row] = await db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.id, id)).limit(1);
  return row ?? null;
}

/** A subscription its push service says is gone (404, 410): forgotten. */
export async function deleteWebPushSubscription(db: Database, id: number): Promise<void> {
  await db.delete(webPushSubscriptions).where(eq(webPushSubscriptions.id, id));
}

/** The customer's subscriptions on sessions still live, with the language they read in. */
export async function findLiveWebPushSubscriptions(
  db: Database,
  input: { userId: number; now: Date; idleSince: Date },
): Promise<Array<{ id: number; lang: string | null }>> {
  return db
    .select({ id: webPushSubscriptions.id, lang: users.lang })
    .from(webPushSubscriptions)
    .innerJoin(sessions, eq(sessions.id, webPushSubscriptions.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.userId, input.userId), sessionIsLive(input.now, input.idleSince)));
}
