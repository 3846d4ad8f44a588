import { eq } from "drizzle-orm";
import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import type { Database } from "../db/client.ts";
import { partners } from "../db/schema.ts";

export type PartnerStatus = "ACTIVE" | "SUSPENDED";

/**
 * Suspends a partner (its storefront, API, sockets and console answer the spec's 423 from the next
 * request: its caches are told on every process, even when the status was already so) or makes it
 * active again. Answers the partner's id, or null for an unknown code.
 */
export async function setPartnerStatus(
  db: Database,
  code: string,
  status: PartnerStatus,
  catalogue: CatalogueInvalidations,
): Promise<{ id: number; changed: boolean } | null> {
  const [partner] = await db.select().from(partners).where(eq(partners.code, code)).limit(1);
  if (!partner) return null;
  const changed = partner.status !== status;
  if (changed) await db.update(partners).set({ status }).where(eq(partners.id, partner.id));
  await catalogue.announce(catalogueChanges.partner(partner.id));
  return { id: partner.id, changed };
}

/** Whether a partner is suspended as stored now (an unknown one is as good as suspended). */
export async function isPartnerSuspended(db: Database, partnerId: number): Promise<boolean> {
  const [row] = await db
    .select({ status: partners.status })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .limit(1);
  return row?.status !== "ACTIVE";
}
