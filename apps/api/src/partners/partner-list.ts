import type { AdminPartner } from "@storefront/domain/contract";
import { asc, count, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { localities, partners, vendors } from "../db/schema.ts";
import { listPartnerHosts, type PartnerHosts } from "./partner-hosts.ts";

/** Every partner of the deployment with its hosts, address and size, by code, for the super-admin. */
export async function listPartners(
  db: Database,
  hosts: PartnerHosts,
  publicUrl: string,
): Promise<AdminPartner[]> {
  const rows = await db
    .select({
      id: partners.id,
      code: partners.code,
      name: partners.name,
      type: partners.type,
      status: partners.status,
    })
    .from(partners)
    .orderBy(asc(partners.code));
  const countBy = async (table: typeof localities | typeof vendors) =>
    new Map(
      (
        await db.select({ partnerId: table.partnerId, count: count() }).from(table).groupBy(table.partnerId)
      ).map((row) => [row.partnerId, row.count]),
    );
  const [cities, shops, recorded] = await Promise.all([
    countBy(localities),
    countBy(vendors),
    listPartnerHosts(db),
  ]);
  return Promise.all(
    rows.map(async (row) => ({
      code: row.code,
      name: row.name,
      type: row.type,
      status: row.status,
      address: await hosts.publicUrlOf(row.code, publicUrl),
      hosts: recorded.filter((host) => host.partnerCode === row.code).map((host) => host.host),
      cities: cities.get(row.id) ?? 0,
      vendors: shops.get(row.id) ?? 0,
    })),
  );
}

/** A partner's code and name as stored, or null. */
export async function findPartnerByCode(db: Database, code: string) {
  const [row] = await db.select().from(partners).where(eq(partners.code, code)).limit(1);
  return row ?? null;
}
