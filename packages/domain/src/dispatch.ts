import { PICK_UP_MINUTES } from "./arrival-window.ts";
import { distanceKm, type Point } from "./geo.ts";
import { streetPathKm } from "./street-path.ts";

/**
 * Automatic dispatch: which courier on shift is offered an order, and when. The best courier is the
 * one who reaches the kitchen closest to the moment the food is ready (a courier who is late keeps
 * the customer waiting, one who is early stands idle at the counter), counting the jobs already in
 * their hands, the ride to the kitchen (kilometres cost), and, between couriers alike, who has had
 * fewer deliveries this shift. Two orders of one kitchen for doors close together go to one courier
 * as a batch. The order is offered only once its best courier would no longer be early: a courier is
 * not tied up at a counter while the food cooks.
 */

/** How long an offer waits for the courier's answer unless the partner says otherwise. */
export const DEFAULT_OFFER_SECONDS = 45;
/** The offer seconds a partner may set. */
export const OFFER_SECONDS = { min: 15, max: 300 } as const;
/** Jobs a courier carries at once, at most (a batch is two). */
export const MAX_JOBS_IN_HAND = 2;
/** Two doors this close (street path) are delivered in one ride. */
export const BATCH_DOOR_KM = 1.5;
/** Two orders of one kitchen ready this close together may ride together. */
export const BATCH_READY_MINUTES = 6;
/** A courier with a position older than this is not offered anything: their app has gone quiet. */
export const POSITION_FRESH_MINUTES = 15;
/** A kitchen farther than this (street path) from a courier is not theirs to be offered. */
export const MAX_OFFER_KM = 12;
/** At the door: finding it, the stairs, the hand-over. */
export const HANDOVER_MINUTES = 2;
/** The courier may reach the kitchen this much before the food is ready when offered. */
export const EARLY_ALLOWED_MINUTES = 3;

/** Weights of the score, in minutes of the customer's wait. */
const LATE_WEIGHT = 2;
const EARLY_WEIGHT = 0.5;
const RIDE_WEIGHT = 1;
/** Per delivery more than the least busy candidate this shift: a tie-breaker, not a rule. */
const FAIRNESS_MINUTES = 0.5;

const MINUTE = 60_000;
/** One kitchen: two pick-ups this close are the same counter. */
const SAME_KITCHEN_KM = 0.05;

/** An order given to a courier and not yet delivered. */
export interface DispatchJob {
  orderId: number;
  kitchen: Point;
  dropOff: Point;
  /** When the kitchen expects the food ready (ms since the epoch). */
  readyAt: number;
  /** Picked up: only its door is left. */
  pickedUp: boolean;
}

export interface DispatchCourier {
  id: number;
  position: Point;
  jobs: readonly DispatchJob[];
  /** Delivered this shift so far. */
  deliveries: number;
}

export interface DispatchOrder {
  id: number;
  kitchen: Point;
  dropOff: Point;
  readyAt: number;
}

export interface DispatchContext {
  now: number;
  kmh: number;
}

/** Who is offered the order, when they would reach the kitchen, and whether it rides with a job in hand. */
export interface DispatchChoice {
  courierId: number;
  reachesKitchenAt: number;
  batchWith: number | null;
  score: number;
}

const rideMinutes = (from: Point, to: Point, kmh: number) => (streetPathKm(from, to) / kmh) * 60;

/**
 * Where a courier goes next with their jobs in hand: food in the bag goes to its door first (the
 * nearest door first), then the kitchen whose food is ready first, where every job of that counter
 * is picked up together.
 */
export function nextStop<Job extends Pick<DispatchJob, "kitchen" | "dropOff" | "readyAt" | "pickedUp">>(
  position: Point,
  jobs: readonly Job[],
): { job: Job; at: "kitchen" | "door" } | null {
  const nearest = (candidates: Job[]) =>
    candidates.sort((a, b) => streetPathKm(position, a.dropOff) - streetPathKm(position, b.dropOff))[0];
  const carried = nearest(jobs.filter((job) => job.pickedUp));
  if (carried) return { job: carried, at: "door" };
  const waiting = jobs.filter((job) => !job.pickedUp).sort((a, b) => a.readyAt - b.readyAt)[0];
  return waiting ? { job: waiting, at: "kitchen" } : null;
}

/** Whether two pick-ups are at one counter. */
export function sameKitchen(a: Point, b: Point): boolean {
  return distanceKm(a, b) <= SAME_KITCHEN_KM;
}

/**
 * The ride a courier has before them for their jobs in hand (nextStop, stop after stop): when and
 * where they are free, and when they reach each kitchen.
 */
export function plannedRoute(
  courier: Pick<DispatchCourier, "position" | "jobs">,
  context: DispatchContext,
): { freeAt: number; freeWhere: Point; kitchens: { orderId: number; at: number }[] } {
  let at = context.now;
  let where = courier.position;
  const kitchens: { orderId: number; at: number }[] = [];
  let jobs = courier.jobs.map((job) => ({ ...job }));
  for (let stop = nextStop(where, jobs); stop; stop = nextStop(where, jobs)) {
    const { job } = stop;
    if (stop.at === "kitchen") {
      at += rideMinutes(where, job.kitchen, context.kmh) * MINUTE;
      where = job.kitchen;
      const leaves = Math.max(at, job.readyAt) + PICK_UP_MINUTES * MINUTE;
      for (const other of jobs)
        if (!other.pickedUp && sameKitchen(other.kitchen, job.kitchen) && other.readyAt <= leaves) {
          kitchens.push({ orderId: other.orderId, at });
          other.pickedUp = true;
        }
      job.pickedUp = true;
      at = leaves;
    } else {
      at += (rideMinutes(where, job.dropOff, context.kmh) + HANDOVER_MINUTES) * MINUTE;
      where = job.dropOff;
      jobs = jobs.filter((other) => other !== job);
    }
  }
  return { freeAt: at, freeWhere: where, kitchens };
}

/** The in-hand job an order may ride with: same kitchen, not yet picked up, ready about together, doors close. */
function batchPartner(
  courier: DispatchCourier,
  order: DispatchOrder,
  context: DispatchContext,
): DispatchJob | null {
  if (courier.jobs.length !== 1) return null;
  const [job] = courier.jobs as [DispatchJob];
  // Food already ready is ready "now": two orders waiting at the counter leave together.
  const ready = (at: number) => Math.max(at, context.now);
  const together =
    !job.pickedUp &&
    sameKitchen(job.kitchen, order.kitchen) &&
    Math.abs(ready(job.readyAt) - ready(order.readyAt)) <= BATCH_READY_MINUTES * MINUTE &&
    streetPathKm(job.dropOff, order.dropOff) <= BATCH_DOOR_KM;
  return together ? job : null;
}

/** A courier's score for an order (lower is better), or null when the order is not for them. */
function scoreOf(
  courier: DispatchCourier,
  order: DispatchOrder,
  context: DispatchContext,
): Omit<DispatchChoice, "courierId"> | null {
  if (courier.jobs.length >= MAX_JOBS_IN_HAND) return null;
  const partner = batchPartner(courier, order, context);
  if (partner) {
    const route = plannedRoute(courier, context);
    const reachesKitchenAt = route.kitchens.find((kitchen) => kitchen.orderId === partner.orderId)?.at ?? 0;
    // Riding on to the second door from the first is the batch's only cost.
    const detour = rideMinutes(partner.dropOff, order.dropOff, context.kmh) + HANDOVER_MINUTES;
    const late = Math.max(0, reachesKitchenAt - order.readyAt) / MINUTE;
    return { reachesKitchenAt, batchWith: partner.orderId, score: LATE_WEIGHT * late + RIDE_WEIGHT * detour };
  }
  if (courier.jobs.some((job) => !job.pickedUp)) return null;
  const { freeAt, freeWhere } = plannedRoute(courier, context);
  if (streetPathKm(freeWhere, order.kitchen) > MAX_OFFER_KM) return null;
  const ride = rideMinutes(freeWhere, order.kitchen, context.kmh);
  const reachesKitchenAt = freeAt + ride * MINUTE;
  const late = Math.max(0, reachesKitchenAt - order.readyAt) / MINUTE;
  const early = Math.max(0, order.readyAt - reachesKitchenAt) / MINUTE;
  return {
    reachesKitchenAt,
    batchWith: null,
    score: LATE_WEIGHT * late + EARLY_WEIGHT * early + RIDE_WEIGHT * ride,
  };
}

/**
 * The courier to offer the order to, among those on shift not in `declined`, or null when none can
 * take it. Ties of score go to the courier with fewer deliveries this shift, then the lower id.
 */
export function chooseCourier(
  order: DispatchOrder,
  couriers: readonly DispatchCourier[],
  context: DispatchContext & { declined?: ReadonlySet<number> },
): DispatchChoice | null {
  const candidates = couriers.filter((courier) => !context.declined?.has(courier.id));
  const fewest = Math.min(...candidates.map((courier) => courier.deliveries));
  let best: DispatchChoice | null = null;
  for (const courier of candidates) {
    const scored = scoreOf(courier, order, context);
    if (!scored) continue;
    const score = scored.score + FAIRNESS_MINUTES * (courier.deliveries - fewest);
    if (!best || score < best.score || (score === best.score && courier.id < best.courierId))
      best = { courierId: courier.id, ...scored, score };
  }
  return best;
}

/**
 * Whether to offer now: the chosen courier would not reach the kitchen more than a few minutes
 * before the food is ready (the offer's own seconds counted). Otherwise the order waits for a
 * later look, when the same courier or a better one is due.
 */
export function offerDue(choice: DispatchChoice, order: DispatchOrder, offerSeconds: number): boolean {
  const leadMs = EARLY_ALLOWED_MINUTES * MINUTE + offerSeconds * 1000;
  return choice.reachesKitchenAt + leadMs >= order.readyAt;
}

/** The baseline dispatch of the bench: the nearest courier with no job, as soon as the kitchen accepts. */
export function nearestIdleCourier(
  order: Pick<DispatchOrder, "kitchen">,
  couriers: readonly DispatchCourier[],
): number | null {
  let best: { id: number; km: number } | null = null;
  for (const courier of couriers) {
    if (courier.jobs.length > 0) continue;
    const km = streetPathKm(courier.position, order.kitchen);
    if (km <= MAX_OFFER_KM && (!best || km < best.km)) best = { id: courier.id, km };
  }
  return best?.id ?? null;
}
