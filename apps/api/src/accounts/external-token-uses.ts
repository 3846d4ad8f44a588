import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { externalTokenUses } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * Marks an external customer token used: its `jti` is remembered per partner until the token would
 * be refused as too old anyway, and a second use answers 401. Of two requests racing with one
 * token, the primary key lets one through.
 */
export async function useExternalToken(
  db: Database,
  token: { partnerId: number; jti: string; usableUntil: Date; now: Date },
): Promise<void> {
  await db.delete(externalTokenUses).where(lt(externalTokenUses.expiresAt, token.now));
  const used = await db
    .insert(externalTokenUses)
    .values({ partnerId: token.partnerId, jti: token.jti, expiresAt: token.usableUntil })
    .onConflictDoNothing()
    .returning({ jti: externalTokenUses.jti });
  if (used.length === 0)
    throw new AppError(401, "InvalidExternalTokenException", "The customer token was used already");
}
