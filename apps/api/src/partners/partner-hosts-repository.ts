import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { partnerHosts, partners } from "../db/schema.ts";

/** Every recorded host with its partner's code, by partner, then in the order they were recorded. */
export async function listHostsWithPartnerCodes(
  db: Database,
): Promise<Array<{ host: string; partnerCode: string }>> {
  return db
    .select({ host: partnerHosts.host, partnerCode: partners.code })
    .from(partnerHosts)
    .innerJoin(partners, eq(partners.id, partnerHosts.partnerId))
    .orderBy(asc(partners.code), asc(partnerHosts.createdAt), asc(partnerHosts.host));
}

/** Records a host name as given; false when some partner has it already. */
export async function insertPartnerHost(
  db: Database,
  record: { host: string; partnerId: number },
): Promise<boolean> {
  const added = await db
    .insert(partnerHosts)
    .values(record)
    .onConflictDoNothing()
    .returning({ host: partnerHosts.host });
  return added.length > 0;
}

/** Forgets a host name as given; false when none was recorded. */
export async function deletePartnerHost(db: Database, host: string): Promise<boolean> {
  const removed = await db
    .delete(partnerHosts)
    .where(eq(partnerHosts.host, host))
    .returning({ host: partnerHosts.host });
  return removed.length > 0;
}
