import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import {
  deleteExternalTokenUsesExpiredBy,
  insertExternalTokenUse,
} from "./external-token-uses-repository.ts";

/**
 * Marks an external customer token used: its `jti` is remembered per partner until the token would
 * be refused as too old anyway, and a second use answers 401. Of two requests racing with one
 * token, the primary key lets one through.
 */
export async function useExternalToken(
  db: Database,
  token: { partnerId: number; jti: string; usableUntil: Date; now: Date },
): Promise<void> {
  await deleteExternalTokenUsesExpiredBy(db, token.now);
  const used = await insertExternalTokenUse(db, {
    partnerId: token.partnerId,
    jti: token.jti,
    expiresAt: token.usableUntil,
  });
  if (!used) throw new AppError(401, "InvalidExternalTokenException", "The customer token was used already");
}
