import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { outboxMessages } from "../db/schema.ts";

/** The demo outbox, newest first, optionally only the messages to one recipient. */
export async function listOutboxMessages(
  db: Database,
  query: { to?: string | undefined; limit: number },
): Promise<Array<typeof outboxMessages.$inferSelect>> {
  return db
    .select()
    .from(outboxMessages)
    .where(query.to ? eq(outboxMessages.recipient, query.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit);
}
