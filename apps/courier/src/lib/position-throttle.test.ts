import { describe, expect, it } from "vitest";
import { decidePosition, type Fix } from "./position-throttle.ts";

/** Kyiv's centre, and about a metre north per 0.000009° of latitude. */
const origin: Fix = { latitude: 50.45, longitude: 30.52, at: 0 };
const north = (metres: number, at: number): Fix => ({
  ...origin,
  latitude: origin.latitude + metres * 0.000009,
  at,
});

describe("decidePosition", () => {
  it.each<[string, Fix | null, Fix, ReturnType<typeof decidePosition>]>([
    ["the first position", null, north(0, 0), { send: true }],
    ["24 m after 10 s: not moved enough", origin, north(24, 10_000), { send: false, retryInMs: null }],
    ["26 m after 5 s", origin, north(26, 5_000), { send: true }],
    [
      "100 m after 2 s: sent when the 5 s are up",
      origin,
      north(100, 2_000),
      { send: false, retryInMs: 3_000 },
    ],
    ["a minute standing still", origin, north(0, 60_000), { send: false, retryInMs: null }],
  ])("%s", (_name, lastSent, next, decision) => {
    expect(decidePosition(lastSent, next)).toEqual(decision);
  });
});
