import type { CatalogueInvalidations } from "../catalogue/catalogue-invalidations.ts";
import { catalogueChanges } from "../catalogue/catalogue-tags.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  findPartnerOfCode,
  type Partner,
  type PartnerChange,
  updatePartner,
} from "../plugins/partner-repository.ts";

/**
 * Changes the partner's row as `change` says from the row as it is (404 for an unknown code), and
 * tells the catalogue caches of every process: the storefront shows it from its next read.
 */
export async function changePartnerOfCode(
  db: Database,
  code: string,
  change: (partner: Partner) => PartnerChange,
  catalogue: CatalogueInvalidations,
): Promise<void> {
  const partner = await findPartnerOfCode(db, code);
  if (!partner) throw new AppError(404, "PartnerNotFoundException", "Unknown partner");
  await updatePartner(db, partner.id, change(partner));
  await catalogue.announce(catalogueChanges.partner(partner.id));
}
