/**
 * Group orders: one host's cart that friends fill from a shared link, each under their own name,
 * and the host checks out once for everyone. These are the rules; the server applies them.
 */

/** People who may join besides the host. */
export const GROUP_GUESTS_MAX = 20;
/** The longest name a person gives when joining. */
export const GROUP_NAME_MAX_LENGTH = 40;

/**
 * How often a group's link may be used to join or rename, in an hour: from one network address
 * (across groups) and for one group (from anywhere). A full group takes 20 guests and the host; a
 * few renames each and an office behind one address stay well inside.
 */
export const GROUP_JOINS_PER_HOUR = { address: 60, group: 60 } as const;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether one more join may go ahead now, or how many seconds until it may: `byAddress` and
 * `byGroup` are the times of the joins of the last hour from that address and to that group.
 */
export function groupJoinWait(input: {
  byAddress: readonly Date[];
  byGroup: readonly Date[];
  now: Date;
}): { retryAfterSeconds: number; by: "address" | "group" } | null {
  const now = input.now.getTime();
  const waitFor = (times: readonly Date[], limit: number): number | null => {
    const recent = times.map((at) => at.getTime()).filter((at) => at > now - HOUR_MS && at <= now);
    if (recent.length < limit) return null;
    // The join that frees a place is the one `limit` back from the newest.
    const freeing = recent.sort((a, b) => a - b)[recent.length - limit] as number;
    return Math.max(1, Math.ceil((freeing + HOUR_MS - now) / 1000));
  };
  const address = waitFor(input.byAddress, GROUP_JOINS_PER_HOUR.address);
  const group = waitFor(input.byGroup, GROUP_JOINS_PER_HOUR.group);
  if (address === null && group === null) return null;
  return (address ?? 0) >= (group ?? 0)
    ? { retryAfterSeconds: address as number, by: "address" }
    : { retryAfterSeconds: group as number, by: "group" };
}

/** OPEN: everyone adds; LOCKED: the host is checking out; ORDERED: the order is placed. */
export type GroupStatus = "OPEN" | "LOCKED" | "ORDERED";

export interface GroupPerson {
  host: boolean;
}

/** The name as kept (trimmed, inner spaces as one), or why it cannot be used. */
export function groupNameOf(name: string): { name: string } | { problem: "EMPTY" | "TOO_LONG" } {
  const clean = name.trim().replace(/\s+/g, " ");
  if (clean.length === 0) return { problem: "EMPTY" };
  if ([...clean].length > GROUP_NAME_MAX_LENGTH) return { problem: "TOO_LONG" };
  return { name: clean };
}

/** Why a new person cannot join now, or null: a group takes people while open, up to its limit. */
export function joinRefusal(status: GroupStatus, people: readonly GroupPerson[]): "CLOSED" | "FULL" | null {
  if (status !== "OPEN") return "CLOSED";
  return people.filter((p) => !p.host).length >= GROUP_GUESTS_MAX ? "FULL" : null;
}

/**
 * Whether someone already in may change their name now: a guest while the group is open, the host
 * until the order is placed. A locked group changes only by its host's hand.
 */
export function mayRename(status: GroupStatus, person: GroupPerson): boolean {
  if (status === "ORDERED") return false;
  return person.host || status === "OPEN";
}

/**
 * Whether this person may change or remove a line: their own while the group is open; the host
 * any line until the order is placed (the host removes what should not be ordered).
 */
export function mayChangeLine(
  status: GroupStatus,
  person: GroupPerson & { id: number },
  line: { personId: number | null },
): boolean {
  if (status === "ORDERED") return false;
  if (person.host) return true;
  return status === "OPEN" && line.personId === person.id;
}

/** Each person's share of the items, in minor units, in the order they joined (people without lines too). */
export function personSubtotals<P extends { id: number }>(
  people: readonly P[],
  lines: ReadonlyArray<{ personId: number | null; totalMinor: number; count: number }>,
): Array<{ person: P; subtotalMinor: number; itemsCount: number }> {
  return people.map((person) => {
    const own = lines.filter((line) => line.personId === person.id);
    return {
      person,
      subtotalMinor: own.reduce((sum, line) => sum + line.totalMinor, 0),
      itemsCount: own.reduce((sum, line) => sum + line.count, 0),
    };
  });
}
