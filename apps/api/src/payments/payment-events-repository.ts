import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { paymentEvents } from "../db/schema.ts";

/** Whether the processor's event of this id was applied already. */
export async function wasEventApplied(db: Database, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return row !== undefined;
}

/** Notes an event as applied (a second note of the same event changes nothing). */
export async function markEventApplied(
  db: Database,
  event: { provider: string; eventId: string; partnerId: number; type: string; now: Date },
): Promise<void> {
  await db
    .insert(paymentEvents)
    .values({
      provider: event.provider,
      eventId: event.eventId,
      partnerId: event.partnerId,
      type: event.type,
      receivedAt: event.now,
    })
    .onConflictDoNothing();
}
