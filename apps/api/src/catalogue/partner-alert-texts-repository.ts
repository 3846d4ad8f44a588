import type { PartnerAlertTexts } from "@storefront/domain/contract";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partners } from "../db/schema.ts";

/**
 * Writes the partner's `settings.alertTexts` entry alone, in one statement, so a concurrent change of
 * its other settings is kept.
 */
export async function writePartnerAlertTexts(
  db: Database,
  partnerId: number,
  texts: PartnerAlertTexts,
): Promise<void> {
  await db
    .update(partners)
    .set({ settings: sql`jsonb_set(${partners.settings}, '{alertTexts}', ${JSON.stringify(texts)}::jsonb)` })
    .where(eq(partners.id, partnerId));
}
