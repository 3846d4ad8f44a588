import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { orders, partners, payments } from "../db/schema.ts";
import type { Partner } from "../plugins/partner.ts";
import type { SandboxSession } from "./sandbox-gateway.ts";

/**
 * The partner a sandbox card page serves: the order's partner for a payment, the one named in the
 * return URL for a card binding. Null when the page belongs to no partner (a stray session).
 */
export async function sandboxSessionPartner(db: Database, session: SandboxSession): Promise<Partner | null> {
  if (session.kind === "PAYMENT") {
    const [found] = await db
      .select({ partner: partners })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(partners, eq(partners.id, orders.partnerId))
      .where(eq(payments.providerPaymentId, session.id))
      .limit(1);
    return found?.partner ?? null;
  }
  const code = new URL(session.returnUrl, "http://return.invalid").searchParams.get("partner");
  if (!code) return null;
  const [partner] = await db.select().from(partners).where(eq(partners.code, code)).limit(1);
  return partner ?? null;
}
