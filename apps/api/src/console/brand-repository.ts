import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partners } from "../db/schema.ts";
import type { Partner, PartnerChange } from "../plugins/partner-repository.ts";

/** The partner's row, locked for the rest of the transaction, or null. */
export async function lockPartner(db: Database, partnerId: number): Promise<Partner | null> {
  const [row] = await db.select().from(partners).where(eq(partners.id, partnerId)).for("update");
  return row ?? null;
}

/** Writes the partner's row and answers it as it is now. */
export async function updatePartnerRow(
  db: Database,
  partnerId: number,
  change: PartnerChange,
): Promise<Partner> {
  const [row] = await db.update(partners).set(change).where(eq(partners.id, partnerId)).returning();
  return row as Partner;
}
