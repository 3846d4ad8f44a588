import type { Database } from "../db/client.ts";
import { analyticsEvents } from "../db/schema.ts";

/** Stores one analytics event a storefront sent. */
export async function recordAnalyticsEvent(
  db: Database,
  event: typeof analyticsEvents.$inferInsert,
): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}
