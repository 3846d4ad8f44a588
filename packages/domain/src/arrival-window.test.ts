import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ArrivalFacts,
  arrivalWindow,
  DEFAULT_COURIER_KMH,
  foodReadyAt,
  PICK_UP_MINUTES,
} from "./arrival-window.ts";
import type { OrderStatusName } from "./order-status.ts";

const MINUTE = 60_000;
const PLACED = Date.parse("2026-11-24T12:00:00Z");

/**
 * A delivery as the demo's simulator runs it: accepted within half a minute, cooking started a
 * quarter of a minute later and taking `cook` minutes, picked up two minutes after, ridden at the
 * locality's speed, and handed over. Each status with when it began; the arrival is the last.
 */
function simulatedDelivery(cook: number, rideKm: number) {
  const steps: Array<[OrderStatusName, number]> = [
    ["WAITING_APPROVAL", 0],
    ["APPROVED", 0.5],
    ["PREPARING", 0.75],
    ["READY", 0.75 + cook],
    ["ON_DELIVERY", 0.75 + cook + PICK_UP_MINUTES],
  ];
  const rideMinutes = (rideKm / DEFAULT_COURIER_KMH) * 60;
  const arrival = PLACED + ((steps.at(-1) as [OrderStatusName, number])[1] + rideMinutes) * MINUTE;
  return { steps, rideMinutes, arrival };
}

/** The facts at a moment of the simulated delivery, with the courier moving along the way. */
function factsAt(
  at: number,
  cook: readonly [number, number],
  delivery: ReturnType<typeof simulatedDelivery>,
  rideKm: number,
): ArrivalFacts {
  const minutes = (at - PLACED) / MINUTE;
  const [status, since] = delivery.steps.findLast(([, start]) => start <= minutes) as [
    OrderStatusName,
    number,
  ];
  const ridden = status === "ON_DELIVERY" ? Math.min(1, (minutes - since) / delivery.rideMinutes) : 0;
  return {
    now: at,
    status,
    receiptType: "DELIVERY",
    statusAt: PLACED + since * MINUTE,
    cookingMinutes: cook,
    rideKm: rideKm * (1 - ridden),
    kmh: DEFAULT_COURIER_KMH,
    preorderAt: null,
  };
}

describe("arrivalWindow against simulated deliveries", () => {
  it("holds the actual arrival from placing to the door, and narrows as the order advances", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.double({ min: 0.3, max: 8, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (shortest, spread, rideKm, kitchen) => {
          const cook = [shortest, shortest + spread] as const;
          // The kitchen takes somewhere in its own range.
          const delivery = simulatedDelivery(shortest + spread * kitchen, rideKm);
          let widest = Number.POSITIVE_INFINITY;
          for (let at = PLACED; at < delivery.arrival; at += 0.5 * MINUTE) {
            const window = arrivalWindow(factsAt(at, cook, delivery, rideKm));
            if (!window) throw new Error("an order under way has a window");
            expect(window.from).toBeLessThanOrEqual(delivery.arrival);
            expect(window.to).toBeGreaterThanOrEqual(delivery.arrival);
            // Never wider than before, but for the four minutes no window is narrower than.
            expect(window.to - window.from).toBeLessThanOrEqual(Math.max(widest, 4 * MINUTE) + MINUTE);
            widest = Math.min(widest, window.to - window.from);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("is wide while the kitchen has not started and a few minutes wide as the courier nears", () => {
    const delivery = simulatedDelivery(15, 3);
    const first = arrivalWindow(factsAt(PLACED, [10, 20], delivery, 3)) as { from: number; to: number };
    const nearly = arrivalWindow(factsAt(delivery.arrival - MINUTE, [10, 20], delivery, 3)) as {
      from: number;
      to: number;
    };
    expect((first.to - first.from) / MINUTE).toBeGreaterThanOrEqual(12);
    expect((nearly.to - nearly.from) / MINUTE).toBe(4);
  });
});

describe("arrivalWindow", () => {
  const base: ArrivalFacts = {
    now: PLACED,
    status: "PREPARING",
    receiptType: "DELIVERY",
    statusAt: PLACED,
    cookingMinutes: [10, 20],
    rideKm: 3,
    kmh: 18,
    preorderAt: null,
  };
  const minutesOf = (window: { from: number; to: number } | null) =>
    window && [(window.from - PLACED) / MINUTE, (window.to - PLACED) / MINUTE];

  it.each<[string, Partial<ArrivalFacts>, number[] | null]>([
    ["cooking just started: cooking, pick-up and the ride", {}, [22, 35]],
    ["cooking for 8 minutes already", { statusAt: PLACED - 8 * MINUTE }, [14, 27]],
    ["later than the kitchen's longest: a minute more", { statusAt: PLACED - 30 * MINUTE }, [12, 16]],
    ["on the way, 1.5 km to go", { status: "ON_DELIVERY", rideKm: 1.5 }, [5, 9]],
    ["a takeaway being cooked is ready in the cooking time", { receiptType: "TAKEAWAY" }, [10, 20]],
    ["a takeaway ready has nothing to wait for", { receiptType: "TAKEAWAY", status: "READY" }, null],
    ["the courier at the door", { status: "ARRIVED" }, null],
    ["a completed order", { status: "COMPLETED" }, null],
    [
      "a preorder for 13:00 arrives no earlier",
      { status: "APPROVED", preorderAt: PLACED + 60 * MINUTE },
      [60, 74],
    ],
  ])("%s", (_, change, expected) => {
    expect(minutesOf(arrivalWindow({ ...base, ...change }))).toEqual(expected);
  });
});

describe("foodReadyAt", () => {
  const now = Date.UTC(2026, 10, 30, 12, 0);
  const minutes = (n: number) => now + n * 60_000;
  const base = { now, statusAt: now, cookingMinutes: [10, 20] as const };

  it.each([
    [
      "accepted, as soon as possible: the middle of its cooking",
      { status: "APPROVED" as const },
      minutes(15),
    ],
    ["cooking for 5 minutes", { status: "PREPARING" as const, statusAt: minutes(-5) }, minutes(10)],
    ["ready", { status: "READY" as const }, now],
    [
      "a preorder for 18:00 the kitchen has not started: ready as its 6 km ride (20 min) and pick-up need",
      { status: "APPROVED" as const, preorderAt: minutes(360), rideKm: 6, kmh: 18 },
      minutes(360 - 22),
    ],
    [
      "a preorder for 12:20, nearer than its cooking: as soon as it can be",
      { status: "APPROVED" as const, preorderAt: minutes(20), rideKm: 6, kmh: 18 },
      minutes(15),
    ],
    [
      "a preorder the kitchen has started: its cooking, whatever the time wanted",
      { status: "PREPARING" as const, preorderAt: minutes(360), rideKm: 6, kmh: 18 },
      minutes(15),
    ],
  ])("%s", (_, facts, expected) => {
    expect(foodReadyAt({ ...base, ...facts })).toBe(expected);
  });
});
