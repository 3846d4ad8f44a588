import type { Database } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { decoyHash, verifyPassword } from "./passwords.ts";
import {
  clearAccountFailures,
  returnAddressAttempt,
  takeAccountAttempt,
  takeAddressAttempt,
  takeUnknownEmailAttempt,
} from "./sign-in-attempts-repository.ts";
import { findStaffByEmail, type PartnerRow, type StaffRow } from "./staff-repository.ts";

function invalidCredentials(): AppError {
  return new AppError(401, "InvalidCredentialsException", "The e-mail or the password is wrong");
}

function waitForAccount(retryAfterSeconds: number): AppError {
  return new AppError(429, "AccountLockedException", "Too many wrong passwords: try again later", {
    retryAfterSeconds,
  });
}

/**
 * Checks a member's e-mail and password. Both the address and the account take their attempt
 * before the (slow) password check, so a burst of parallel guesses is counted as it arrives, not
 * after: 429 TooManyRequestsException while the address waits, 429 AccountLockedException while
 * the account (or an unknown e-mail, counted alike) does, 401 InvalidCredentialsException for a
 * wrong e-mail or password alike. A right password starts the account's count over and gives the
 * address its attempt back.
 */
export async function checkStaffPassword(
  db: Database,
  input: {
    email: string;
    password: string;
    /** The client's address (request.ip, behind TRUST_PROXY the visitor's). */
    address: string;
    now: Date;
    /** Whether the request's host may sign in this partner's staff (else as an unknown e-mail). */
    servesPartner(partnerCode: string): Promise<boolean>;
  },
): Promise<{ staff: StaffRow; partner: PartnerRow }> {
  const { address, now } = input;
  const fromAddress = await takeAddressAttempt(db, address, now);
  if (!fromAddress.allowed)
    throw new AppError(
      429,
      "TooManyRequestsException",
      "Too many wrong passwords from this address: try again later",
      {
        retryAfterSeconds: fromAddress.retryAfterSeconds,
      },
    );
  const byEmail = await findStaffByEmail(db, input.email);
  const found = byEmail && (await input.servesPartner(byEmail.partner.code)) ? byEmail : null;
  // An unknown e-mail is counted and held as an account is, and takes as long as a wrong password:
  // neither the answer, its wait nor its time tells which e-mails are members'.
  const onAccount = found
    ? await takeAccountAttempt(db, found.staff.id, now)
    : await takeUnknownEmailAttempt(db, input.email, now);
  if (!onAccount.allowed) {
    await returnAddressAttempt(db, address);
    throw waitForAccount(onAccount.retryAfterSeconds);
  }
  if (!found) {
    await verifyPassword(input.password, await decoyHash());
    throw invalidCredentials();
  }
  if (!(await verifyPassword(input.password, found.staff.passwordHash))) throw invalidCredentials();
  await clearAccountFailures(db, found.staff.id);
  await returnAddressAttempt(db, address);
  return found;
}
