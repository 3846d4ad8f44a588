import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { installationSecrets } from "../db/schema.ts";

/** The installation's secrets kept under a name (of the shape their owner wrote), or null when none are. */
export async function findInstallationSecret<T>(db: Database, name: string): Promise<T | null> {
  const [row] = await db
    .select({ value: installationSecrets.value })
    .from(installationSecrets)
    .where(eq(installationSecrets.name, name));
  return row ? (row.value as T) : null;
}

/**
 * Keeps secrets under a name unless some are kept there already: processes starting together each
 * try, and the first to commit wins for all. Answers whether these were kept.
 */
export async function insertInstallationSecretOnce(
  db: Database,
  name: string,
  value: unknown,
): Promise<boolean> {
  const inserted = await db
    .insert(installationSecrets)
    .values({ name, value })
    .onConflictDoNothing({ target: installationSecrets.name })
    .returning({ name: installationSecrets.name });
  return inserted.length > 0;
}
