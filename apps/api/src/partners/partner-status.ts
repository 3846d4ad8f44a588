import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import type { Database } from "../db/client.ts";
import { findPartnerById, findPartnerOfCode, updatePartner } from "../plugins/partner-repository.ts";

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
  const partner = await findPartnerOfCode(db, code);
  if (!partner) return null;
  const changed = partner.status !== status;
  if (changed) await updatePartner(db, partner.id, { status });
  await catalogue.announce(catalogueChanges.partner(partner.id));
  return { id: partner.id, changed };
}

/** Whether a partner is suspended as stored now (an unknown one is as good as suspended). */
export async function isPartnerSuspended(db: Database, partnerId: number): Promise<boolean> {
  const partner = await findPartnerById(db, partnerId);
  return partner?.status !== "ACTIVE";
}
