import { and, desc, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

export type AuditEntry = typeof auditLog.$inferSelect;

/** Who made a change in the console. */
export interface AuditActor {
  partnerId: number;
  staffId: number;
  staffName: string;
}

/**
 * Records a console change in the same transaction as the change itself, so the log never tells of
 * a change that did not happen or misses one that did.
 */
export async function recordAudit(
  db: Database,
  actor: AuditActor,
  entry: {
    action: string;
    entity: string;
    entityId: number;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({ ...actor, ...entry });
}

/** The partner's log, newest first, a page at a time (`before`: the last id of the page before). */
export async function listAudit(
  db: Database,
  partnerId: number,
  page: { before?: number | undefined; size: number },
): Promise<AuditEntry[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.partnerId, partnerId), page.before ? lt(auditLog.id, page.before) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(page.size);
}
