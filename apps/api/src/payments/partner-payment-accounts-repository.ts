import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partnerPaymentAccounts } from "../db/schema.ts";

export type PartnerPaymentAccountRow = typeof partnerPaymentAccounts.$inferSelect;

export async function findPartnerPaymentAccount(
  db: Database,
  partnerId: number,
): Promise<PartnerPaymentAccountRow | null> {
  const [row] = await db
    .select()
    .from(partnerPaymentAccounts)
    .where(eq(partnerPaymentAccounts.partnerId, partnerId))
    .limit(1);
  return row ?? null;
}

/** Sets (or replaces) the partner's own account. */
export async function savePartnerPaymentAccount(
  db: Database,
  row: typeof partnerPaymentAccounts.$inferInsert & { updatedAt: Date },
): Promise<void> {
  await db
    .insert(partnerPaymentAccounts)
    .values(row)
    .onConflictDoUpdate({ target: partnerPaymentAccounts.partnerId, set: row });
}

/** The partner goes back to the deployment's processor. */
export async function deletePartnerPaymentAccount(db: Database, partnerId: number): Promise<boolean> {
  const deleted = await db
    .delete(partnerPaymentAccounts)
    .where(eq(partnerPaymentAccounts.partnerId, partnerId))
    .returning({ id: partnerPaymentAccounts.partnerId });
  return deleted.length > 0;
}
