import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partners } from "../db/schema.ts";

export type Partner = typeof partners.$inferSelect;
export type PartnerChange = Partial<typeof partners.$inferInsert>;

/** A partner by its code as stored now, whatever its status (the operator's tools), or null. */
export async function findPartnerOfCode(db: Database, code: string): Promise<Partner | null> {
  const [partner] = await db.select().from(partners).where(eq(partners.code, code)).limit(1);
  return partner ?? null;
}

/** A partner by its id as stored now, whatever its status, or null. */
export async function findPartnerById(db: Database, id: number): Promise<Partner | null> {
  const [partner] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return partner ?? null;
}

export async function updatePartner(db: Database, id: number, change: PartnerChange): Promise<void> {
  await db.update(partners).set(change).where(eq(partners.id, id));
}
