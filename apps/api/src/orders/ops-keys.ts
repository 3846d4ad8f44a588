import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { hashToken } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { opsApiKeys, partners } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { assertPartnerActive } from "../plugins/partner.ts";

export type OpsKey = typeof opsApiKeys.$inferSelect;
export type OpsRole = OpsKey["role"];

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
  const [found] = plain
    ? await db
        .select({ key: opsApiKeys, partner: partners })
        .from(opsApiKeys)
        .innerJoin(partners, eq(partners.id, opsApiKeys.partnerId))
        .where(eq(opsApiKeys.keyHash, hashToken(plain)))
        .limit(1)
    : [];
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
  const [row] = await db
    .insert(opsApiKeys)
    .values({ ...input, vendorId: input.vendorId ?? null, keyHash: hashToken(key) })
    .returning({ id: opsApiKeys.id });
  return { id: (row as { id: number }).id, key };
}

export async function listOpsKeys(db: Database, partnerId: number): Promise<OpsKey[]> {
  return db.select().from(opsApiKeys).where(eq(opsApiKeys.partnerId, partnerId)).orderBy(opsApiKeys.id);
}

/** Revokes a key at once: requests carrying it answer 401 from then on. Returns whether it existed. */
export async function revokeOpsKey(db: Database, partnerId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(opsApiKeys)
    .where(and(eq(opsApiKeys.partnerId, partnerId), eq(opsApiKeys.id, id)))
    .returning({ id: opsApiKeys.id });
  return gone.length > 0;
}
