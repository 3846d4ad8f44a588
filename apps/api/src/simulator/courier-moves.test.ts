import { DEFAULT_COURIER_KMH, pathLengthKm, streetPath } from "@storefront/domain";
import { describe, expect, it } from "vitest";
import { courierMove, HAND_OVER_SECONDS, type SimulatedJob } from "./courier-moves.ts";

const centre = { latitude: 56.9496, longitude: 24.1052 };
const kitchen = { latitude: 56.956, longitude: 24.12 };
const door = { latitude: 56.97, longitude: 24.15 };
const farDoor = { latitude: 56.93, longitude: 24.05 };
const now = Date.UTC(2026, 10, 30, 12, 0);
const seconds = (n: number) => now + n * 1000;
/** Seconds to ride from one point to another along the street path at the default speed. */
const rideSeconds = (from: typeof centre, to: typeof centre) =>
  (pathLengthKm(streetPath(from, to)) / DEFAULT_COURIER_KMH) * 3600;

const job = (
  orderId: number,
  status: SimulatedJob["status"],
  more: Partial<SimulatedJob> = {},
): SimulatedJob => ({
  orderId,
  status,
  kitchen,
  dropOff: door,
  readyAt: null,
  atDoorSince: null,
  ...more,
});

describe("a simulated courier's move", () => {
  const toKitchen = rideSeconds(centre, kitchen);

  it.each<[string, Parameters<typeof courierMove>[0], { steps: string[]; at?: typeof centre }]>([
    [
      "without jobs, stays",
      { position: centre, jobs: [], ride: null, now, speed: 1 },
      { steps: [], at: centre },
    ],
    [
      "sets off for the kitchen: still where they were at the start of the ride",
      { position: centre, jobs: [job(1, "PREPARING")], ride: null, now, speed: 1 },
      { steps: [], at: centre },
    ],
    [
      "at the kitchen before the food, waits",
      {
        position: centre,
        jobs: [job(1, "PREPARING")],
        ride: {
          from: centre,
          to: kitchen,
          path: streetPath(centre, kitchen),
          startedAt: seconds(-toKitchen - 1),
        },
        now,
        speed: 1,
      },
      { steps: [], at: kitchen },
    ],
    [
      "at the kitchen with the food ready, picks up every ready order of that counter, not another's",
      {
        position: kitchen,
        jobs: [
          job(1, "READY"),
          job(2, "READY", { dropOff: farDoor }),
          job(3, "PREPARING"),
          job(5, "READY", { kitchen: farDoor, readyAt: seconds(600) }),
        ],
        ride: null,
        now,
        speed: 1,
      },
      { steps: ["1 picked-up", "2 picked-up"], at: kitchen },
    ],
    [
      "rides the food in the bag to its door before fetching another kitchen's",
      {
        position: kitchen,
        jobs: [job(4, "APPROVED", { kitchen: farDoor, readyAt: seconds(60) }), job(1, "ON_DELIVERY")],
        ride: { from: kitchen, to: door, path: streetPath(kitchen, door), startedAt: now },
        now: seconds(rideSeconds(kitchen, door) / 2),
        speed: 1,
      },
      { steps: [] },
    ],
    [
      "at the door, arrives",
      { position: door, jobs: [job(1, "ON_DELIVERY")], ride: null, now, speed: 1 },
      { steps: ["1 arrived"], at: door },
    ],
    [
      "at the door within the hand-over minute, waits",
      { position: door, jobs: [job(1, "ARRIVED", { atDoorSince: seconds(-30) })], ride: null, now, speed: 1 },
      { steps: [] },
    ],
    [
      "after the hand-over minute, delivers",
      {
        position: door,
        jobs: [job(1, "ARRIVED", { atDoorSince: seconds(-HAND_OVER_SECONDS) })],
        ride: null,
        now,
        speed: 1,
      },
      { steps: ["1 delivered"] },
    ],
    [
      "at speed 60 the minute is a second",
      { position: door, jobs: [job(1, "ARRIVED", { atDoorSince: seconds(-1) })], ride: null, now, speed: 60 },
      { steps: ["1 delivered"] },
    ],
  ])("%s", (_, input, expected) => {
    const move = courierMove(input);
    expect(move.steps.map(({ orderId, step }) => `${orderId} ${step}`)).toEqual(expected.steps);
    if (expected.at) expect(move.position).toEqual(expected.at);
  });

  it("is partway along the street path halfway through the ride, and keeps the ride it is on", () => {
    const ride = { from: kitchen, to: door, path: streetPath(kitchen, door), startedAt: now };
    const move = courierMove({
      position: kitchen,
      jobs: [job(1, "ON_DELIVERY")],
      ride,
      now: seconds(rideSeconds(kitchen, door) / 2),
      speed: 1,
    });
    expect(move.ride).toBe(ride);
    expect(move.position).not.toEqual(kitchen);
    expect(move.position).not.toEqual(door);
  });
});
