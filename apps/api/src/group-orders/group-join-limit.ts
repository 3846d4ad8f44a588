import { groupJoinWait } from "@storefront/domain";
import { and, eq, gt, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { withLocks } from "../db/locks.ts";
import { groupJoins } from "../db/schema.ts";
import { AppError } from "../errors.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Counts a join (or a rename) by a group's link against the address's and the group's hourly
 * allowance (`groupJoinWait`), or answers 429 with the wait. Both are counted and the join recorded
 * under locks on the address and the group, so parallel requests cannot together pass a limit.
 */
export async function takeGroupJoinAllowance(
  db: Database,
  ask: { groupId: number; address: string; now: Date },
): Promise<void> {
  const { groupId, address, now } = ask;
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  await withLocks(
    db,
    [
      ["groupJoinAddress", address],
      ["groupJoinGroup", String(groupId)],
    ],
    async (tx) => {
      // What an hour has passed over counts no more: dropped here, where this address and group are locked.
      await tx
        .delete(groupJoins)
        .where(
          and(
            lte(groupJoins.at, hourAgo),
            or(eq(groupJoins.requestIp, address), eq(groupJoins.groupId, groupId)),
          ),
        );
      const [byAddress, byGroup] = [
        await tx
          .select({ at: groupJoins.at })
          .from(groupJoins)
          .where(and(eq(groupJoins.requestIp, address), gt(groupJoins.at, hourAgo))),
        await tx
          .select({ at: groupJoins.at })
          .from(groupJoins)
          .where(and(eq(groupJoins.groupId, groupId), gt(groupJoins.at, hourAgo))),
      ];
      const wait = groupJoinWait({
        byAddress: byAddress.map((row) => row.at),
        byGroup: byGroup.map((row) => row.at),
        now,
      });
      if (wait)
        throw new AppError(
          429,
          "TooManyRequestsException",
          wait.by === "address"
            ? `Too many group orders joined from here. Please try again in ${wait.retryAfterSeconds} s.`
            : `This group order was joined too often. Please try again in ${wait.retryAfterSeconds} s.`,
          { retryAfterSeconds: wait.retryAfterSeconds },
        );
      await tx.insert(groupJoins).values({ groupId, requestIp: address, at: now });
    },
  );
}
