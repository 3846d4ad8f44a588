import { describe, expect, it } from "vitest";
import {
  GROUP_GUESTS_MAX,
  GROUP_JOINS_PER_HOUR,
  groupJoinWait,
  groupNameOf,
  joinRefusal,
  mayChangeLine,
  mayRename,
  personSubtotals,
} from "./group-order.ts";

const host = { id: 1, host: true };
const guests = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 2, host: false }));

describe("a person's name in a group order", () => {
  it.each([
    ["  Anna  ", { name: "Anna" }],
    ["Anna   Maria", { name: "Anna Maria" }],
    ["   ", { problem: "EMPTY" }],
    ["x".repeat(41), { problem: "TOO_LONG" }],
    ["ا".repeat(40), { name: "ا".repeat(40) }],
  ])("%j is %j", (given, kept) => expect(groupNameOf(given)).toEqual(kept));
});

describe("joining", () => {
  it("takes people while the group is open, up to the limit of guests besides the host", () => {
    expect(joinRefusal("OPEN", [host, ...guests(GROUP_GUESTS_MAX - 1)])).toBeNull();
    expect(joinRefusal("OPEN", [host, ...guests(GROUP_GUESTS_MAX)])).toBe("FULL");
  });
  it("takes nobody once the host checks out or has ordered", () => {
    expect(joinRefusal("LOCKED", [host])).toBe("CLOSED");
    expect(joinRefusal("ORDERED", [host])).toBe("CLOSED");
  });
});

describe("changing one's name", () => {
  const guest = { host: false };
  it("lets a guest rename themselves only while the group is open", () => {
    expect(mayRename("OPEN", guest)).toBe(true);
    expect(mayRename("LOCKED", guest)).toBe(false);
    expect(mayRename("ORDERED", guest)).toBe(false);
  });
  it("lets the host rename themselves until the order is placed", () => {
    expect(mayRename("OPEN", host)).toBe(true);
    expect(mayRename("LOCKED", host)).toBe(true);
    expect(mayRename("ORDERED", host)).toBe(false);
  });
});

describe("how often a link may be used to join", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const minutesAgo = (minutes: number, n: number) =>
    Array.from({ length: n }, () => new Date(now.getTime() - minutes * 60_000));
  it("lets joins through below both limits", () => {
    expect(
      groupJoinWait({ byAddress: minutesAgo(1, GROUP_JOINS_PER_HOUR.address - 1), byGroup: [], now }),
    ).toBeNull();
  });
  it("stops an address or a group at its limit until the oldest join of the hour is an hour old", () => {
    const full = [...minutesAgo(50, 1), ...minutesAgo(1, GROUP_JOINS_PER_HOUR.address - 1)];
    expect(groupJoinWait({ byAddress: full, byGroup: [], now })).toEqual({
      retryAfterSeconds: 600,
      by: "address",
    });
    const group = [...minutesAgo(30, 1), ...minutesAgo(1, GROUP_JOINS_PER_HOUR.group - 1)];
    expect(groupJoinWait({ byAddress: [], byGroup: group, now })).toEqual({
      retryAfterSeconds: 1800,
      by: "group",
    });
  });
  it("forgets joins older than an hour", () => {
    expect(groupJoinWait({ byAddress: minutesAgo(61, 500), byGroup: minutesAgo(60, 500), now })).toBeNull();
  });
  it("names the longer wait when both limits are reached", () => {
    const address = minutesAgo(10, GROUP_JOINS_PER_HOUR.address);
    const group = minutesAgo(40, GROUP_JOINS_PER_HOUR.group);
    expect(groupJoinWait({ byAddress: address, byGroup: group, now })).toEqual({
      retryAfterSeconds: 3000,
      by: "address",
    });
  });
});

describe("changing a line", () => {
  const guest = { id: 2, host: false };
  it("lets a guest change their own lines while the group is open, and nobody else's", () => {
    expect(mayChangeLine("OPEN", guest, { personId: 2 })).toBe(true);
    expect(mayChangeLine("OPEN", guest, { personId: 3 })).toBe(false);
    expect(mayChangeLine("OPEN", guest, { personId: null })).toBe(false);
    expect(mayChangeLine("LOCKED", guest, { personId: 2 })).toBe(false);
  });
  it("lets the host change any line until the order is placed", () => {
    expect(mayChangeLine("OPEN", host, { personId: 2 })).toBe(true);
    expect(mayChangeLine("LOCKED", host, { personId: 2 })).toBe(true);
    expect(mayChangeLine("ORDERED", host, { personId: 1 })).toBe(false);
  });
});

describe("subtotals per person", () => {
  it("adds each person's lines, and lists people who have none yet", () => {
    const people = [host, ...guests(2)];
    const lines = [
      { personId: 1, totalMinor: 1200, count: 2 },
      { personId: 2, totalMinor: 850, count: 1 },
      { personId: 1, totalMinor: 300, count: 1 },
    ];
    expect(personSubtotals(people, lines).map((p) => [p.person.id, p.subtotalMinor, p.itemsCount])).toEqual([
      [1, 1500, 3],
      [2, 850, 1],
      [3, 0, 0],
    ]);
  });
});
