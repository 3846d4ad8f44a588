import type { AdminPartner } from "@storefront/domain/contract";
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, partnerHosts, partners, vendors } from "../db/schema.ts";
import type { PartnerHosts } from "./partner-hosts.ts";

/**
 * The deployment's partners with their hosts, address and size, by code, for the super-admin: every
 * one, or only the partner of `code`. One query, each count and host list a subquery of its row.
 */
export async function listPartners(
  db: Database,
  hosts: PartnerHosts,
  publicUrl: string,
  filter: { code?: string } = {},
): Promise<AdminPartner[]> {
  // A partner's hosts in the order they were recorded: the first one is its address.
  const recordedHosts = sql<string[]>`array(
    select ${partnerHosts.host} from ${partnerHosts}
    where ${partnerHosts.partnerId} = ${partners.id}
    order by ${partnerHosts.createdAt}, ${partnerHosts.host}
  )`;
  const rows = await db
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
  return Promise.all(
    rows.map(async (row) => ({ ...row, address: await hosts.publicUrlOf(row.code, publicUrl) })),
  );
}

/** A partner's code and name as stored, or null. */
export async function findPartnerByCode(db: Database, code: string) {
  const [row] = await db.select().from(partners).where(eq(partners.code, code)).limit(1);
  return row ?? null;
}
