import { groupJoinWait } from "@storefront/domain";
import type { Database } from "../db/client.ts";
import { withLocks } from "../db/locks.ts";
import { AppError } from "../errors.ts";
import { dropOldGroupJoins, listRecentGroupJoins, recordGroupJoin } from "./group-joins-repository.ts";

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
      await dropOldGroupJoins(tx, { groupId, address, hourAgo });
      const recent = await listRecentGroupJoins(tx, { groupId, address, hourAgo });
      const wait = groupJoinWait({ byAddress: recent.byAddress, byGroup: recent.byGroup, now });
      if (wait)
        throw new AppError(
          429,
          "TooManyRequestsException",
          wait.by === "address"
            ? `Too many group orders joined from here. Please try again in ${wait.retryAfterSeconds} s.`
            : `This group order was joined too often. Please try again in ${wait.retryAfterSeconds} s.`,
          { retryAfterSeconds: wait.retryAfterSeconds },
        );
      await recordGroupJoin(tx, { groupId, requestIp: address, at: now });
    },
  );
}
