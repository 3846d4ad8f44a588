import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { outboxMessages } from "../db/schema.ts";

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** Keeps a message in the demo outbox instead of sending it. */
export async function insertOutboxMessage(
  db: Database,
  message: Omit<typeof outboxMessages.$inferInsert, "id" | "createdAt">,
): Promise<void> {
  await db.insert(outboxMessages).values(message);
}

/** The demo outbox, newest first, optionally only the messages to one recipient. */
export async function listOutboxMessages(
  db: Database,
  query: { to?: string | undefined; limit: number },
): Promise<OutboxMessageRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(query.to ? eq(outboxMessages.recipient, query.to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit);
}
