import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sandboxSessions } from "../db/schema.ts";

export type SandboxSession = typeof sandboxSessions.$inferSelect;

export async function findSandboxSession(db: Database, id: string): Promise<SandboxSession | null> {
  const [session] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).limit(1);
  return session ?? null;
}

/**
 * Ends a pending session: the page's card outcome, or the customer's cancel. Only a PENDING
 * session changes, so a page submitted twice keeps its first outcome.
 */
export async function finishSandboxSession(
  db: Database,
  id: string,
  outcome: Pick<SandboxSession, "status"> & Partial<Pick<SandboxSession, "last4" | "brand" | "cardToken">>,
): Promise<SandboxSession | null> {
  const [finished] = await db
    .update(sandboxSessions)
    .set(outcome)
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, "PENDING")))
    .returning();
  return finished ?? (await findSandboxSession(db, id));
}

export async function insertSandboxSession(
  db: Database,
  values: typeof sandboxSessions.$inferInsert,
): Promise<SandboxSession> {
  const [session] = await db.insert(sandboxSessions).values(values).returning();
  return session as SandboxSession;
}

/** The session that gave a card this token, or null (a forgotten card has none). */
export async function findSandboxSessionOfCard(
  db: Database,
  cardToken: string,
): Promise<SandboxSession | null> {
  const [saved] = await db
    .select()
    .from(sandboxSessions)
    .where(eq(sandboxSessions.cardToken, cardToken))
    .limit(1);
  return saved ?? null;
}

export async function cancelSandboxSession(db: Database, id: string): Promise<SandboxSession> {
  const [canceled] = await db
    .update(sandboxSessions)
    .set({ status: "CANCELED" })
    .where(eq(sandboxSessions.id, id))
    .returning();
  return canceled as SandboxSession;
}

/** Forgets a card's token: a later charge with it fails. */
export async function forgetSandboxCard(db: Database, cardToken: string): Promise<void> {
  await db.update(sandboxSessions).set({ cardToken: null }).where(eq(sandboxSessions.cardToken, cardToken));
}
