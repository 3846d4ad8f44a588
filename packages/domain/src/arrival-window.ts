import type { OrderStatusName } from "./order-status.ts";

/** A courier rides through town at about this speed unless the locality says otherwise. */
export const DEFAULT_COURIER_KMH = 18;
/** The courier speeds a city may be given, in km/h: from walking couriers to scooters in traffic. */
export const COURIER_KMH = { min: 4, max: 60 } as const;
/** From the food being ready to the courier riding away with it. */
export const PICK_UP_MINUTES = 2;
/** A ride may take this much longer than the street path at full speed (lights, stairs, parking). */
const RIDE_SLACK = 0.25;
/** Until the kitchen starts, accepting the order may take up to this long. */
const ACCEPTING_MINUTES = 1;
/** A window is never narrower than this: no one can promise the minute. */
const MIN_WIDTH_MINUTES = 4;

const MINUTE = 60_000;

/** What the estimate is made of, all as the server knows it now. */
export interface ArrivalFacts {
  /** Milliseconds since the epoch, as every instant here. */
  now: number;
  status: OrderStatusName;
  receiptType: "DELIVERY" | "TAKEAWAY";
  /** When the order took its present status. */
  statusAt: number;
  /** The vendor's cooking time, shortest and longest, in minutes. */
  cookingMinutes: readonly [number, number];
  /**
   * The way still to ride, in km along the street path: from the vendor until the courier rides,
   * from the courier's last position after.
   */
  rideKm: number;
  /** The locality's courier speed. */
  kmh: number;
  /** A preorder's wanted time; null for as soon as possible. */
  preorderAt: number | null;
}

/** When the order should arrive (be ready, for a takeaway): from and to, milliseconds since the epoch. */
export interface ArrivalWindow {
  from: number;
  to: number;
}

/** Minutes of cooking left, shortest and longest, by status. */
function cookingLeft(
  facts: Pick<ArrivalFacts, "cookingMinutes" | "status" | "now" | "statusAt">,
): [number, number] {
  const [shortest, longest] = facts.cookingMinutes;
  switch (facts.status) {
    case "CREATED":
    case "WAITING_APPROVAL":
    case "APPROVED":
      return [shortest, longest];
    case "PREPARING": {
      const cooked = (facts.now - facts.statusAt) / MINUTE;
      // A kitchen late on its own longest time still needs a moment to finish.
      return [Math.max(0, shortest - cooked), Math.max(1, longest - cooked)];
    }
    default:
      return [0, 0];
  }
}

/**
 * When the food should be ready, for dispatch: the middle of the cooking still to do (now, once the
 * kitchen says READY). A preorder the kitchen has not started is wanted ready in time for its ride
 * to arrive at the preorder's time, not before: no courier is tied up by it hours early.
 * Milliseconds since the epoch.
 */
export function foodReadyAt(
  facts: Pick<ArrivalFacts, "cookingMinutes" | "status" | "now" | "statusAt"> &
    Partial<Pick<ArrivalFacts, "preorderAt" | "rideKm" | "kmh">>,
): number {
  const [shortest, longest] = cookingLeft(facts);
  const cooked = facts.now + ((shortest + longest) / 2) * MINUTE;
  const notStarted = ["CREATED", "WAITING_APPROVAL", "APPROVED"].includes(facts.status);
  if (!notStarted || !facts.preorderAt) return cooked;
  const rideMinutes = facts.kmh ? ((facts.rideKm ?? 0) / facts.kmh) * 60 : 0;
  return Math.max(cooked, facts.preorderAt - (PICK_UP_MINUTES + rideMinutes) * MINUTE);
}

/** Minutes until the courier rides away with the food, shortest and longest, by status. */
function pickUpLeft(facts: ArrivalFacts): [number, number] {
  if (facts.status === "ON_DELIVERY") return [0, 0];
  if (facts.status !== "READY") return [PICK_UP_MINUTES, PICK_UP_MINUTES];
  const waited = (facts.now - facts.statusAt) / MINUTE;
  return [Math.max(0, PICK_UP_MINUTES - waited), Math.max(1, PICK_UP_MINUTES - waited)];
}

/**
 * The window an active order should arrive in, narrowing as it advances: the cooking still to do
 * (the vendor's shortest to longest, less what has cooked), the courier's pick-up, and the ride
 * along the street path at the locality's speed (up to a quarter longer). A preorder arrives no
 * earlier than its wanted time. Null once there is nothing to wait for: the courier at the door, a
 * takeaway ready, or the order over.
 */
export function arrivalWindow(facts: ArrivalFacts): ArrivalWindow | null {
  const delivery = facts.receiptType === "DELIVERY";
  const waiting: readonly OrderStatusName[] = delivery
    ? ["CREATED", "WAITING_APPROVAL", "APPROVED", "PREPARING", "READY", "ON_DELIVERY"]
    : ["CREATED", "WAITING_APPROVAL", "APPROVED", "PREPARING"];
  if (!waiting.includes(facts.status)) return null;
  const [cookShortest, cookLongest] = cookingLeft(facts);
  const [pickUpShortest, pickUpLongest] = delivery ? pickUpLeft(facts) : [0, 0];
  const ride = delivery ? (facts.rideKm / facts.kmh) * 60 : 0;
  let from = facts.now + (cookShortest + pickUpShortest + ride) * MINUTE;
  const accepting = ["CREATED", "WAITING_APPROVAL", "APPROVED"].includes(facts.status)
    ? ACCEPTING_MINUTES
    : 0;
  let to = facts.now + (accepting + cookLongest + pickUpLongest + ride * (1 + RIDE_SLACK)) * MINUTE;
  if (facts.preorderAt !== null && from < facts.preorderAt) {
    to += facts.preorderAt - from;
    from = facts.preorderAt;
  }
  // Whole minutes, and never narrower than a few.
  from = Math.floor(from / MINUTE) * MINUTE;
  to = Math.max(Math.ceil(to / MINUTE) * MINUTE, from + MIN_WIDTH_MINUTES * MINUTE);
  return { from, to };
}
