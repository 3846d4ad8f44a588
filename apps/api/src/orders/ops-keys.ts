import { eq } from "drizzle-orm";
import { hashToken } from "../accounts/sessions.ts";
import type { Database } from "../db/client.ts";
import { opsApiKeys } from "../db/schema.ts";
import { AppError } from "../errors.ts";

export type OpsKey = typeof opsApiKeys.$inferSelect;
export type OpsRole = OpsKey["role"];

export const OPS_KEY_HEADER = "x-api-key";

/** The ops API key a request carries (X-Api-Key), or a 401 when it has none or an unknown one. */
export async function authenticateOpsKey(
  db: Database,
  header: string | string[] | undefined,
): Promise<OpsKey> {
  const plain = (Array.isArray(header) ? header[0] : header)?.trim();
  const [key] = plain
    ? await db
        .select()
        .from(opsApiKeys)
        .where(eq(opsApiKeys.keyHash, hashToken(plain)))
        .limit(1)
    : [];
  if (!key) throw new AppError(401, "UnauthorizedException", "An unknown or missing X-Api-Key");
  return key;
}
