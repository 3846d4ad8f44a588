import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, partnerHosts, partners, vendors } from "../db/schema.ts";

// A partner's own row, by id or code, and its changes: plugins/partner-repository.ts.

export type NewPartnerRow = typeof partners.$inferInsert;

/** Stores a new partner and answers its id; null when its code is taken. */
export async function insertPartnerUnlessTaken(db: Database, partner: NewPartnerRow): Promise<number | null> {
  const [row] = await db
    .insert(partners)
    .values(partner)
    .onConflictDoNothing()
    .returning({ id: partners.id });
  return row?.id ?? null;
}

/**
 * The deployment's partners by code (every one, or only the partner of `code`), each with its hosts
 * in the order they were recorded and its counts of cities and vendors. One query, each count and
 * host list a subquery of its row.
 */
export async function listPartnersWithHostsAndSizes(db: Database, filter: { code?: string }) {
  // A partner's hosts in the order they were recorded: the first one is its address.
  const recordedHosts = sql<string[]>`array(
    select ${partnerHosts.host} from ${partnerHosts}
    where ${partnerHosts.partnerId} = ${partners.id}
    order by ${partnerHosts.createdAt}, ${partnerHosts.host}
  )`;
  return db
    .select({
      code: partners.code,
      name: partners.name,
      type: partners.type,
      status: partners.status,
      hosts: recordedHosts,
      cities: db.$count(localities, eq(localities.partnerId, partners.id)),
      vendors: db.$count(vendors, eq(vendors.partnerId, partners.id)),
    })
    .from(partners)
    .where(filter.code === undefined ? undefined : eq(partners.code, filter.code))
    .orderBy(asc(partners.code));
}
