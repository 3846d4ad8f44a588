import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { outboxMessages } from "../db/schema.ts";

export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
type NewOutboxMessage = Omit<typeof outboxMessages.$inferInsert, "id" | "createdAt">;

/** Writes messages to the outbox (in the caller's transaction); answers their ids. */
export async function insertOutboxMessages(db: Database, messages: NewOutboxMessage[]): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db.insert(outboxMessages).values(messages).returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}

/**
 * Takes the due messages to send (of the given ids only, when named): each is leased until
 * `leaseUntil`, so no other process takes it meanwhile, and one whose sender died is taken again
 * after the lease. `SKIP LOCKED`: two processes claiming at once take different messages.
 */
export async function claimDueMessages(
  db: Database,
  input: { now: Date; leaseUntil: Date; limit: number; ids?: number[] },
): Promise<OutboxMessageRow[]> {
  if (input.ids?.length === 0) return [];
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "PENDING"),
        lte(outboxMessages.nextAttemptAt, input.now),
        input.ids ? inArray(outboxMessages.id, input.ids) : undefined,
      ),
    )
    .orderBy(asc(outboxMessages.nextAttemptAt), asc(outboxMessages.id))
    .limit(input.limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ nextAttemptAt: input.leaseUntil })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

/** What became of a try: sent, to be tried again at a time, or failed for good. */
export type MessageTry =
  | { status: "SENT"; at: Date; providerId: string | null }
  | { status: "PENDING"; attempts: number; nextAttemptAt: Date; error: string }
  | { status: "FAILED"; attempts: number; error: string };

export async function recordMessageTry(db: Database, id: number, result: MessageTry): Promise<void> {
  const change =
    result.status === "SENT"
      ? {
          status: result.status,
          sentAt: result.at,
          providerId: result.providerId,
          nextAttemptAt: null,
          attempts: sql`${outboxMessages.attempts} + 1`,
          // A sent e-mail's whole message (its attachments) is not kept: its text and subject are.
          mime: null,
        }
      : result.status === "PENDING"
        ? {
            status: result.status,
            attempts: result.attempts,
            nextAttemptAt: result.nextAttemptAt,
            lastError: result.error,
          }
        : { status: result.status, attempts: result.attempts, nextAttemptAt: null, lastError: result.error };
  await db.update(outboxMessages).set(change).where(eq(outboxMessages.id, id));
}

/**
 * What the provider later said of a message it had taken (Twilio's status callback): delivered, or
 * failed with its reason. Answers whether the message was ours.
 */
export async function recordProviderStatus(
  db: Database,
  providerId: string,
  result: { status: "SENT" } | { status: "FAILED"; error: string },
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set(result.status === "SENT" ? { status: "SENT" } : { status: "FAILED", lastError: result.error })
    .where(eq(outboxMessages.providerId, providerId))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** The messages about these orders that could not be delivered, oldest first. */
export async function listFailedOrderMessages(db: Database, orderIds: number[]): Promise<OutboxMessageRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.orderId, orderIds), eq(outboxMessages.status, "FAILED")))
    .orderBy(asc(outboxMessages.id));
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
