import { describe, expect, it } from "vitest";
import {
  chooseCourier,
  type DispatchCourier,
  type DispatchJob,
  type DispatchOrder,
  MAX_OFFER_KM,
  nearestIdleCourier,
  nextStop,
  offerDue,
  plannedRoute,
} from "./dispatch.ts";
import type { Point } from "./geo.ts";

const MINUTE = 60_000;
const KMH = 18;
/** A point `north` and `east` km from a corner of Riga (about 0.009° of latitude per km). */
const at = (north: number, east = 0): Point => ({
  latitude: 56.95 + north * 0.009,
  longitude: 24.1 + east * 0.0164,
});

const kitchen = at(0);
const order = (overrides: Partial<DispatchOrder> = {}): DispatchOrder => ({
  id: 100,
  kitchen,
  dropOff: at(2),
  readyAt: 10 * MINUTE,
  ...overrides,
});
const courier = (id: number, position: Point, jobs: DispatchJob[] = [], deliveries = 0): DispatchCourier => ({
  id,
  position,
  jobs,
  deliveries,
});
const job = (overrides: Partial<DispatchJob> = {}): DispatchJob => ({
  orderId: 1,
  kitchen,
  dropOff: at(2),
  readyAt: 10 * MINUTE,
  pickedUp: false,
  ...overrides,
});
const context = { now: 0, kmh: KMH };

describe("chooseCourier", () => {
  it.each([
    {
      case: "of two idle couriers, the one who reaches the kitchen nearer the food's time",
      couriers: [courier(1, at(-5)), courier(2, at(-1))],
      chosen: 2,
      batchWith: null,
    },
    {
      case: "a courier on the way to a door next to the kitchen, before an idle one across town",
      couriers: [
        courier(1, at(-8)),
        courier(2, at(0.4), [job({ orderId: 7, pickedUp: true, dropOff: at(0.5) })]),
      ],
      chosen: 2,
      batchWith: null,
    },
    {
      case: "not a courier on the way to another kitchen's pick-up",
      couriers: [courier(1, at(-3)), courier(2, at(0.1), [job({ orderId: 7, kitchen: at(1, 1) })])],
      chosen: 1,
      batchWith: null,
    },
    {
      case: "the same kitchen's order for a door close by rides with the job in hand, as a batch",
      couriers: [courier(1, at(-0.5)), courier(2, at(-2), [job({ orderId: 7, dropOff: at(2.3) })])],
      chosen: 2,
      batchWith: 7,
    },
    {
      case: "not a batch when the doors are far apart",
      couriers: [courier(1, at(-0.5)), courier(2, at(-2), [job({ orderId: 7, dropOff: at(-4) })])],
      chosen: 1,
      batchWith: null,
    },
    {
      case: "not a batch when the other food is ready much later",
      couriers: [
        courier(1, at(-0.5)),
        courier(2, at(-2), [job({ orderId: 7, dropOff: at(2.3), readyAt: 30 * MINUTE })]),
      ],
      chosen: 1,
      batchWith: null,
    },
    {
      case: "between couriers alike, the one with fewer deliveries this shift",
      couriers: [courier(1, at(-1), [], 6), courier(2, at(-1), [], 2)],
      chosen: 2,
      batchWith: null,
    },
    {
      case: "not a courier whose hands are full",
      couriers: [
        courier(1, at(-6)),
        courier(2, at(0), [
          job({ orderId: 7, dropOff: at(2.1) }),
          job({ orderId: 8, dropOff: at(2.2), pickedUp: true }),
        ]),
      ],
      chosen: 1,
      batchWith: null,
    },
  ])("$case", ({ couriers, chosen, batchWith }) => {
    const choice = chooseCourier(order(), couriers, context);
    expect(choice?.courierId).toBe(chosen);
    expect(choice?.batchWith).toBe(batchWith);
  });

  it("skips the couriers who declined the order", () => {
    const couriers = [courier(1, at(-1)), courier(2, at(-4))];
    expect(chooseCourier(order(), couriers, { ...context, declined: new Set([1]) })?.courierId).toBe(2);
    expect(chooseCourier(order(), couriers, { ...context, declined: new Set([1, 2]) })).toBeNull();
  });

  it("offers no one farther than the reach of an offer", () => {
    expect(chooseCourier(order(), [courier(1, at(-MAX_OFFER_KM))], context)).toBeNull();
    expect(chooseCourier(order(), [], context)).toBeNull();
  });

  it("says when the courier reaches the kitchen: 1 km at 18 km/h is about 3⅓ minutes", () => {
    const choice = chooseCourier(order(), [courier(1, at(-1))], context);
    expect((choice?.reachesKitchenAt ?? 0) / MINUTE).toBeCloseTo(3.34, 1);
  });
});

describe("offerDue", () => {
  it.each([
    {
      case: "a courier who would wait 20 minutes at the counter is not tied up yet",
      readyAt: 25,
      due: false,
    },
    { case: "one who would wait three minutes or less is offered now", readyAt: 6, due: true },
    { case: "one who would be late is offered now", readyAt: 1, due: true },
  ])("$case", ({ readyAt, due }) => {
    const ready = order({ readyAt: readyAt * MINUTE });
    const choice = chooseCourier(ready, [courier(1, at(-1))], context);
    expect(choice && offerDue(choice, ready, 45)).toBe(due);
  });
});

describe("a courier's route", () => {
  it("takes food already in the bag to its door before the next kitchen", () => {
    const carried = job({ orderId: 1, pickedUp: true, dropOff: at(3) });
    const next = job({ orderId: 2, kitchen: at(0.2), dropOff: at(-2) });
    expect(nextStop(at(0), [next, carried])).toEqual({ job: carried, at: "door" });
    expect(nextStop(at(3), [next])).toEqual({ job: next, at: "kitchen" });
    expect(nextStop(at(3), [])).toBeNull();
  });

  it("waits for the food, picks a batch up together and is free at the last door", () => {
    const route = plannedRoute(
      courier(1, at(-1), [job({ orderId: 1, dropOff: at(1) }), job({ orderId: 2, dropOff: at(2) })]),
      context,
    );
    expect(route.kitchens.map((kitchen) => kitchen.orderId)).toEqual([1, 2]);
    // Ready at 10, picked up by 12, two 1-km rides of about 3⅓ min and two hand-overs of 2.
    expect(route.freeAt / MINUTE).toBeCloseTo(12 + 2 * (3.34 + 2), 0);
    expect(route.freeWhere).toEqual(at(2));
  });
});

describe("the bench's baseline", () => {
  it("is the nearest courier with nothing in hand", () => {
    const couriers = [courier(1, at(-0.2), [job({ pickedUp: true })]), courier(2, at(-3)), courier(3, at(2))];
    expect(nearestIdleCourier(order(), couriers)).toBe(3);
    expect(nearestIdleCourier(order(), [courier(1, at(0), [job()])])).toBeNull();
  });
});
