import { randomBytes } from "node:crypto";
import { hashToken } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";
import { findOpsKeyByHash, insertOpsKey, type OpsKey, type OpsRole } from "./ops-keys-repository.ts";

export type { OpsKey, OpsRole } from "./ops-keys-repository.ts";

export const OPS_KEY_HEADER = "x-api-key";

/**
 * The ops API key a request carries (X-Api-Key), or a 401 when it has none or an unknown one; a
 * suspended partner's keys answer its 423.
 */
export async function authenticateOpsKey(
  db: Database,
  header: string | string[] | undefined,
): Promise<OpsKey> {
  const plain = (Array.isArray(header) ? header[0] : header)?.trim();
  const found = plain ? await findOpsKeyByHash(db, hashToken(plain)) : null;
  if (!found) throw new AppError(401, "UnauthorizedException", "An unknown or missing X-Api-Key");
  assertPartnerActive(found.partner);
  return found.key;
}

/** Makes an ops API key for a partner; the key is returned once, only its hash is kept. */
export async function createOpsKey(
  db: Database,
  input: { partnerId: number; role: OpsRole; name: string; vendorId?: number | undefined },
): Promise<{ id: number; key: string }> {
  const key = `${input.role.toLowerCase()}_${randomBytes(24).toString("base64url")}`;
  const id = await insertOpsKey(db, { ...input, vendorId: input.vendorId ?? null, keyHash: hashToken(key) });
  return { id, key };
}
