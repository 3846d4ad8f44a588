import { distanceKm, type Point } from "@storefront/domain/geo";

/** A position the phone gave, with when (ms since the epoch). */
export interface Fix extends Point {
  at: number;
}

/** The courier's position is sent when they moved this far since the last one sent… */
export const MIN_MOVE_METRES = 25;
/** …and at most this often. */
export const MIN_INTERVAL_MS = 5_000;

export type PositionDecision = { send: true } | { send: false; retryInMs: number | null };

/**
 * Whether a new position is worth sending: the first always; then one ≥ 25 m from the last sent, at
 * most every 5 s. A move that comes too soon is retried when the 5 s are up (`retryInMs`), so the
 * last place of a courier who then stands still is still sent; a courier who has not moved waits.
 */
export function decidePosition(lastSent: Fix | null, next: Fix): PositionDecision {
  if (!lastSent) return { send: true };
  if (distanceKm(lastSent, next) * 1000 < MIN_MOVE_METRES) return { send: false, retryInMs: null };
  const wait = lastSent.at + MIN_INTERVAL_MS - next.at;
  return wait > 0 ? { send: false, retryInMs: wait } : { send: true };
}
