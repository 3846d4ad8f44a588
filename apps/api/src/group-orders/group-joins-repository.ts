import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { groupJoins } from "../db/schema.ts";

/** Drops the joins older than `hourAgo` of this address or this group: they count no more. */
export async function dropOldGroupJoins(
  tx: Database,
  input: { groupId: number; address: string; hourAgo: Date },
): Promise<void> {
  await tx
    .delete(groupJoins)
    .where(
      and(
        lte(groupJoins.at, input.hourAgo),
        or(eq(groupJoins.requestIp, input.address), eq(groupJoins.groupId, input.groupId)),
      ),
    );
}

/** When the joins since `hourAgo` were made, from this address and of this group. */
export async function listRecentGroupJoins(
  tx: Database,
  input: { groupId: number; address: string; hourAgo: Date },
): Promise<{ byAddress: Date[]; byGroup: Date[] }> {
  const [byAddress, byGroup] = [
    await tx
      .select({ at: groupJoins.at })
      .from(groupJoins)
      .where(and(eq(groupJoins.requestIp, input.address), gt(groupJoins.at, input.hourAgo))),
    await tx
      .select({ at: groupJoins.at })
      .from(groupJoins)
      .where(and(eq(groupJoins.groupId, input.groupId), gt(groupJoins.at, input.hourAgo))),
  ];
  return { byAddress: byAddress.map((row) => row.at), byGroup: byGroup.map((row) => row.at) };
}

export async function recordGroupJoin(
  tx: Database,
  join: { groupId: number; requestIp: string; at: Date },
): Promise<void> {
  await tx.insert(groupJoins).values(join);
}
