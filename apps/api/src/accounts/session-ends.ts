import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import type { Database } from "../db/client.ts";
import { SessionCache } from "./session-cache.ts";
import { closeAllSessions, closeSession } from "./sessions.ts";

/**
 * Signs a session out: its row goes (when it was still found), and every process of the deployment
 * stops taking its token for tracking at once, whether or not the row was there.
 */
export async function signOut(
  db: Database,
  input: { sessionId: number | null; token: string | null },
  invalidations: CatalogueInvalidations,
): Promise<void> {
  if (input.sessionId !== null) await closeSession(db, input.sessionId);
  if (input.token) await invalidations.announce([SessionCache.tokenTag(input.token)]);
}

/** Ends every session of the customer (the account is being deleted), on every process at once. */
export async function signOutEverywhere(
  db: Database,
  userId: number,
  invalidations: CatalogueInvalidations,
): Promise<void> {
  await closeAllSessions(db, userId);
  await invalidations.announce([SessionCache.userTag(userId)]);
}
