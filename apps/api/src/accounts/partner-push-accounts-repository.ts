import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partnerPushAccounts, sessions } from "../db/schema.ts";
import { sessionIsLive } from "./sessions-repository.ts";

export type PartnerPushAccountRow = typeof partnerPushAccounts.$inferSelect;

export async function findPartnerPushAccount(
  db: Database,
  partnerId: number,
): Promise<PartnerPushAccountRow | null> {
  const [row] = await db
    .select()
    .from(partnerPushAccounts)
    .where(eq(partnerPushAccounts.partnerId, partnerId))
    .limit(1);
  return row ?? null;
}

/** Sets (or replaces) the partner's own service account. */
export async function savePartnerPushAccount(
  db: Database,
  row: typeof partnerPushAccounts.$inferInsert & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(partnerPushAccounts)
    .values(row)
    .onConflictDoUpdate({ target: partnerPushAccounts.partnerId, set: row });
}

/** The partner goes back to the deployment's pushes. */
export async function deletePartnerPushAccount(db: Database, partnerId: number): Promise<boolean> {
  const deleted = await db
    .delete(partnerPushAccounts)
    .where(eq(partnerPushAccounts.partnerId, partnerId))
    .returning({ id: partnerPushAccounts.partnerId });
  return deleted.length > 0;
}

/** The partner's customers' devices with a live session and a push token, by their app's Firebase project. */
export async function countLiveDevicesByProject(
  db: Database,
  input: { partnerId: number; now: Date; idleSince: Date },
): Promise<Array<{ projectId: string | null; devices: number }>> {
  const rows = await db
    .select({ projectId: sessions.fcmProjectId, devices: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.partnerId, input.partnerId),
        isNotNull(sessions.fcmToken),
        sessionIsLive(input.now, input.idleSince),
      ),
    )
    .groupBy(sessions.fcmProjectId)
    .orderBy(sessions.fcmProjectId);
  return rows.map((row) => ({ projectId: row.projectId, devices: Number(row.devices) }));
}
