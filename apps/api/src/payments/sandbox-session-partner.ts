import type { Database } from "../db/client.ts";
import type { Partner } from "../plugins/partner.ts";
import { findPartnerOfCode } from "../plugins/partner-repository.ts";
import { findPartnerOfPayment } from "./payments-repository.ts";
import type { SandboxSession } from "./sandbox-gateway.ts";

/**
 * The partner a sandbox card page serves: the order's partner for a payment, the one named in the
 * return URL for a card binding. Null when the page belongs to no partner (a stray session).
 */
export async function sandboxSessionPartner(db: Database, session: SandboxSession): Promise<Partner | null> {
  if (session.kind === "PAYMENT") return findPartnerOfPayment(db, session.id);
  const code = new URL(session.returnUrl, "http://return.invalid").searchParams.get("partner");
  if (!code) return null;
  return findPartnerOfCode(db, code);
}
