import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { opsApiKeys, partners } from "../db/schema.ts";

export type OpsKey = typeof opsApiKeys.$inferSelect;
export type OpsRole = OpsKey["role"];

/** The ops API key of this hash with its partner, or null. */
export async function findOpsKeyByHash(db: Database, keyHash: string) {
  const [found] = await db
    .select({ key: opsApiKeys, partner: partners })
    .from(opsApiKeys)
    .innerJoin(partners, eq(partners.id, opsApiKeys.partnerId))
    .where(eq(opsApiKeys.keyHash, keyHash))
    .limit(1);
  return found ?? null;
}

export async function insertOpsKey(
  db: Database,
  input: { partnerId: number; role: OpsRole; name: string; vendorId: number | null; keyHash: string },
): Promise<number> {
  const [row] = await db.insert(opsApiKeys).values(input).returning({ id: opsApiKeys.id });
  return (row as { id: number }).id;
}

export async function listOpsKeys(db: Database, partnerId: number): Promise<OpsKey[]> {
  return db.select().from(opsApiKeys).where(eq(opsApiKeys.partnerId, partnerId)).orderBy(opsApiKeys.id);
}

/** Revokes a key at once: requests carrying it answer 401 from then on. Returns whether it existed. */
export async function revokeOpsKey(db: Database, partnerId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(opsApiKeys)
    .where(and(eq(opsApiKeys.partnerId, partnerId), eq(opsApiKeys.id, id)))
    .returning({ id: opsApiKeys.id });
  return gone.length > 0;
}
