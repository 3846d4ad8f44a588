import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";

/** The partner an operator's call names by its code; a 404 for a code no partner has. */
export async function knownPartner(db: Database, code: string) {
  const partner = await findPartnerOfCode(db, code);
  if (!partner) throw new AppError(404, "PartnerNotFoundException", `Unknown partner '${code}'`);
  return partner;
}
