import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { externalTokenUses } from "../db/schema.ts";

/** Forgets the uses of tokens that are refused as too old by now anyway. */
export async function deleteExternalTokenUsesExpiredBy(db: Database, now: Date): Promise<void> {
  await db.delete(externalTokenUses).where(lt(externalTokenUses.expiresAt, now));
}

/** Records a token's use; false when its `jti` was used with this partner already (the primary key). */
export async function insertExternalTokenUse(
  db: Database,
  use: { partnerId: number; jti: string; expiresAt: Date },
): Promise<boolean> {
  const used = await db
    .insert(externalTokenUses)
    .values(use)
    .onConflictDoNothing()
    .returning({ jti: externalTokenUses.jti });
  return used.length > 0;
}
