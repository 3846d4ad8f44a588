import type { PartnerAlertTexts } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { OpsKey } from "../orders/ops-keys.ts";
import type { CatalogueInvalidations } from "./catalogue-invalidations.ts";
import { catalogueChanges } from "./catalogue-tags.ts";
import { writePartnerAlertTexts } from "./partner-alert-texts-repository.ts";

/**
 * Replaces the alert texts the partner overrides (a DISPATCH key: the operator's own). Only the
 * settings' `alertTexts` entry changes, in one statement, so a concurrent settings change is kept;
 * the storefront reads them from its next request.
 */
export async function setPartnerAlertTexts(
  db: Database,
  key: OpsKey,
  texts: PartnerAlertTexts,
  catalogue: CatalogueInvalidations,
): Promise<PartnerAlertTexts> {
  if (key.role !== "DISPATCH")
    throw new AppError(403, "ForbiddenException", "Only the operator's DISPATCH key sets alert texts");
  await writePartnerAlertTexts(db, key.partnerId, texts);
  await catalogue.announce(catalogueChanges.partner(key.partnerId));
  return texts;
}
