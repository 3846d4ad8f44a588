import type { Database } from "../db/client.ts";
import { issuePasswordToken } from "./password-tokens.ts";
import { createStaffMember, findStaffByEmail } from "./staff-repository.ts";

/**
 * A partner's first OWNER, invited from the operator's command line (a production deployment has no
 * staff until then): the member without a password, and the one-time token of the link that sets
 * it. Null when the e-mail already has a console account.
 */
export async function inviteOwner(
  db: Database,
  input: { partnerId: number; email: string; name: string; now: Date },
): Promise<{ staffId: number; token: string } | null> {
  return db.transaction(async (tx) => {
    // The operator may know whose the e-mail is: an e-mail of any partner's staff is refused here.
    if (await findStaffByEmail(tx, input.email)) return null;
    const staffId = await createStaffMember(tx, {
      partnerId: input.partnerId,
      email: input.email,
      name: input.name,
      role: "OWNER",
      passwordHash: "",
    });
    if (staffId === null) return null;
    const token = await issuePasswordToken(tx, { staffId, purpose: "INVITATION", now: input.now });
    return { staffId, token };
  });
}
