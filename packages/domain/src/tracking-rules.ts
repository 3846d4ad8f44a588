/** Rules of the live tracking connection (section 4 "Tracking connection", "Live updates"). */

export const TRACKING_RECONNECT_ATTEMPTS = 10;
export const TRACKING_HEARTBEAT_MS = 30_000;
/** A courier position moves the marker only past this many degrees on either axis. */
export const COURIER_MOVE_THRESHOLD = 0.00005;

/**
 * The wait before the next reconnect: e raised to (10 − remaining attempts) seconds, so the first
 * retry comes after about a second and the last after more than two hours.
 */
export function trackingReconnectDelayMs(remainingAttempts: number): number {
  return Math.round(Math.exp(TRACKING_RECONNECT_ATTEMPTS - remainingAttempts) * 1000);
}

/**
 * A live socket's reconnections: after each failure the wait before the next try (null once the 10
 * tries are used up), and the count starting again whenever the socket opens.
 */
export interface TrackingReconnects {
  /** The socket opened: the next failure waits a second again, with every try left. */
  opened(): void;
  /** The socket failed: how long to wait before trying again, or null when no try is left. */
  failed(): number | null;
}

export function trackingReconnects(): TrackingReconnects {
  let remaining = TRACKING_RECONNECT_ATTEMPTS;
  return {
    opened() {
      remaining = TRACKING_RECONNECT_ATTEMPTS;
    },
    failed() {
      if (remaining <= 0) return null;
      const wait = trackingReconnectDelayMs(remaining);
      remaining -= 1;
      return wait;
    },
  };
}

/** The close of a socket whose partner was suspended (the API's 423, as a socket says it). */
export const PARTNER_SUSPENDED_CLOSE_CODE = 4423;

/**
 * Close codes that end tracking for good: a normal close, the client's own -1, and the partner's
 * suspension (another try would be refused: the page's next load shows the suspension).
 */
export function endsTracking(closeCode: number): boolean {
  return closeCode === 1000 || closeCode === -1 || closeCode === PARTNER_SUSPENDED_CLOSE_CODE;
}

/**
 * Closes worth reporting: all but a normal close (1000), a dropped connection (1006) and a
 * suspension (the operator's decision, not a fault).
 */
export function isReportableClose(closeCode: number): boolean {
  return closeCode !== 1000 && closeCode !== 1006 && closeCode !== PARTNER_SUSPENDED_CLOSE_CODE;
}

export function courierMoved(
  previous: { latitude: number; longitude: number } | null,
  next: { latitude: number; longitude: number },
): boolean {
  if (!previous) return true;
  return (
    Math.abs(previous.latitude - next.latitude) > COURIER_MOVE_THRESHOLD ||
    Math.abs(previous.longitude - next.longitude) > COURIER_MOVE_THRESHOLD
  );
}

/**
 * The orders lists after an order's status changed: an order that ended leaves the active list
 * and goes to the front of the delivered one; an active order also found among the delivered is
 * dropped from the active list.
 */
export function applyOrderStatus<T extends { id: number; status: string }>(
  lists: { activeOrders: readonly T[]; deliveredOrders: readonly T[] },
  update: { id: number; status: T["status"] },
  isActive: (status: T["status"]) => boolean,
): { activeOrders: T[]; deliveredOrders: T[] } {
  const changed = [...lists.activeOrders, ...lists.deliveredOrders].find((o) => o.id === update.id);
  const deliveredIds = new Set(lists.deliveredOrders.map((o) => o.id));
  let activeOrders = lists.activeOrders
    .filter((o) => !deliveredIds.has(o.id))
    .map((o) => (o.id === update.id ? { ...o, status: update.status } : o));
  let deliveredOrders = [...lists.deliveredOrders];
  if (changed && !isActive(update.status) && activeOrders.some((o) => o.id === update.id)) {
    activeOrders = activeOrders.filter((o) => o.id !== update.id);
    deliveredOrders = [{ ...changed, status: update.status }, ...deliveredOrders];
  }
  return { activeOrders, deliveredOrders };
}
