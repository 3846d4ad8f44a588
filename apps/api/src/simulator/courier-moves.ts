import type { CourierStep } from "@storefront/domain";
import {
  DEFAULT_COURIER_KMH,
  nextStop,
  type OrderStatusName,
  type Point,
  pathLengthKm,
  sameKitchen,
  streetPath,
} from "@storefront/domain";
import { pointAlong } from "./courier-path.ts";

/** Seconds (at speed 1) a simulated courier spends at the door before the customer has the food. */
export const HAND_OVER_SECONDS = 60;

/** A simulated courier's ride under way: from where, to which stop, since when (ms, real time). */
export interface Ride {
  from: Point;
  to: Point;
  path: Point[];
  startedAt: number;
}

/** A job of the courier's as the simulator needs it. */
export interface SimulatedJob {
  orderId: number;
  status: OrderStatusName;
  kitchen: Point;
  dropOff: Point;
  /** When the kitchen expects the food (ms); null when it is ready. */
  readyAt: number | null;
  /** When the courier reached its door (ms, real time), once they have. */
  atDoorSince: number | null;
}

/** What the simulated courier does in one look: where they are now, their ride, and the steps to take. */
export interface CourierMove {
  position: Point;
  ride: Ride | null;
  steps: Array<{ orderId: number; step: CourierStep }>;
}

const carried = (job: SimulatedJob) => job.status === "ON_DELIVERY" || job.status === "ARRIVED";
const samePoint = (a: Point, b: Point) => a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * One look at a simulated courier with jobs in hand, as a person would ride them: to the next stop
 * (the domain's nextStop: food in the bag to its door first, else the kitchen whose food is ready
 * first) along the street path at the courier's speed; at a kitchen, every order of that counter
 * whose food is ready is picked up (an early courier waits for it); at a door, arrived, then
 * delivered once the hand-over is done. `speed` divides every duration, as the simulator's.
 */
export function courierMove(input: {
  position: Point;
  jobs: readonly SimulatedJob[];
  ride: Ride | null;
  now: number;
  speed: number;
  kmh?: number;
}): CourierMove {
  const { position, jobs, now, speed } = input;
  const kmh = input.kmh ?? DEFAULT_COURIER_KMH;
  const stop = nextStop(
    position,
    jobs.map((job) => ({ ...job, readyAt: job.readyAt ?? now, pickedUp: carried(job) })),
  );
  if (!stop) return { position, ride: null, steps: [] };
  const target = stop.at === "kitchen" ? stop.job.kitchen : stop.job.dropOff;
  const ride =
    input.ride && samePoint(input.ride.to, target)
      ? input.ride
      : { from: position, to: target, path: streetPath(position, target), startedAt: now };
  const rideSeconds = (pathLengthKm(ride.path) / kmh) * 3600;
  const ridden = ((now - ride.startedAt) / 1000) * speed;
  const share = rideSeconds === 0 ? 1 : Math.min(1, ridden / rideSeconds);
  const here = pointAlong(ride.path, share);
  if (share < 1) return { position: here, ride, steps: [] };

  if (stop.at === "kitchen") {
    const ready = jobs.filter(
      (job) => !carried(job) && job.status === "READY" && sameKitchen(job.kitchen, stop.job.kitchen),
    );
    return { position: here, ride, steps: ready.map((job) => ({ orderId: job.orderId, step: "picked-up" })) };
  }
  const { job } = stop;
  if (job.status === "ON_DELIVERY")
    return { position: here, ride, steps: [{ orderId: job.orderId, step: "arrived" }] };
  const handedOver =
    job.atDoorSince !== null && ((now - job.atDoorSince) / 1000) * speed >= HAND_OVER_SECONDS;
  return { position: here, ride, steps: handedOver ? [{ orderId: job.orderId, step: "delivered" }] : [] };
}
