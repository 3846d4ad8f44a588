import type { AdminPartner } from "@storefront/domain/contract";
import type { Database } from "../db/client.ts";
import { findPartnerOfCode, type Partner } from "../plugins/partner-repository.ts";
import type { PartnerHosts } from "./partner-hosts.ts";
import { listPartnersWithHostsAndSizes } from "./partners-repository.ts";

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
  const rows = await listPartnersWithHostsAndSizes(db, filter);
  return Promise.all(
    rows.map(async (row) => ({ ...row, address: await hosts.publicUrlOf(row.code, publicUrl) })),
  );
}

/** A partner's code and name as stored, or null. */
export async function findPartnerByCode(db: Database, code: string): Promise<Partner | null> {
  return findPartnerOfCode(db, code);
}
