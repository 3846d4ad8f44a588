import { createHash, randomBytes } from "node:crypto";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/query-failures.ts";
import { AppError } from "../errors.ts";
import {
  closeAllStaffSessions,
  countResetsSince,
  insertPasswordToken,
  lockLivePasswordToken,
  setStaffPassword,
  spendPasswordTokens,
} from "./password-tokens-repository.ts";
import { hashPassword } from "./passwords.ts";

/** How long a link lives: an invitation two days, a reset an hour. */
const LIFETIME_MS = { INVITATION: 48 * 60 * 60 * 1000, RESET: 60 * 60 * 1000 } as const;
/** Reset e-mails one member may be sent in an hour: enough to retry, too few to flood an inbox. */
export const RESETS_PER_HOUR = 3;

export type TokenPurpose = keyof typeof LIFETIME_MS;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The console page where a one-time token sets a password, on a partner's storefront address. */
export function passwordLinkOf(storefrontUrl: string, locale: string, token: string): string {
  return `${storefrontUrl}/console/${locale}/password?token=${token}`;
}

/** A new one-time link for the member; only its hash is kept. */
export async function issuePasswordToken(
  db: Database,
  input: { staffId: number; purpose: TokenPurpose; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertPasswordToken(db, {
    staffId: input.staffId,
    tokenHash: hashToken(token),
    purpose: input.purpose,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + LIFETIME_MS[input.purpose]),
  });
  return token;
}

/** Whether the member may be sent another reset link this hour. */
export async function mayResetAgain(db: Database, staffId: number, now: Date): Promise<boolean> {
  const sent = await countResetsSince(db, staffId, new Date(now.getTime() - 60 * 60 * 1000));
  return sent < RESETS_PER_HOUR;
}

/**
 * Sets the password a live, unused link is for, and spends the link (and every other link of the
 * member): 400 InvalidTokenException for an unknown, used or expired one, 409 StaffExistsException
 * when the e-mail has meanwhile become another partner's account. Unlocks the account and ends its
 * sessions.
 * Answers the member's e-mail.
 */
export async function setPasswordWithToken(
  db: Database,
  input: { token: string; password: string; now: Date },
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await setPasswordOnce(db, { token: input.token, passwordHash, now: input.now });
  } catch (error) {
    // Another partner's invitation to the same e-mail was taken up first: that is its account.
    if (isUniqueViolation(error))
      throw new AppError(
        409,
        "StaffExistsException",
        "This e-mail already has a console account: sign in with it",
        {
          details: [{ field: "token", message: "the e-mail already has a console account" }],
        },
      );
    throw error;
  }
}

/** Uses the token and sets its member's password, in one transaction. */
async function setPasswordOnce(
  db: Database,
  input: { token: string; passwordHash: string; now: Date },
): Promise<{ email: string }> {
  const { passwordHash } = input;
  return db.transaction(async (tx) => {
    const found = await lockLivePasswordToken(tx, hashToken(input.token), input.now);
    if (!found)
      throw new AppError(
        400,
        "InvalidTokenException",
        "This link is unknown, used or expired: ask for a new one",
        {
          details: [{ field: "token", message: "unknown, used or expired" }],
        },
      );
    await setStaffPassword(tx, found.token.staffId, passwordHash);
    await spendPasswordTokens(tx, found.token.staffId, input.now);
    // A new password signs the member out everywhere: whoever knew the old one is out too.
    await closeAllStaffSessions(tx, found.token.staffId);
    return { email: found.email };
  });
}
