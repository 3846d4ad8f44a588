import { courierEndpoints } from "@storefront/domain/endpoints";
import { useEffect, useState } from "react";
import { courierApi } from "./api.ts";
import { decidePosition, type Fix } from "./position-throttle.ts";

/**
 * What the phone does while its courier is on shift: the screen kept awake, and the position sent
 * as they move (position-throttle.ts decides when).
 */

/**
 * Keeps the screen on while `active` (the Screen Wake Lock API). The browser lets the lock go when
 * the app is hidden; it is asked for again each time the app is shown.
 */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    if (!active || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      // Refused (battery saver, a browser that asks first): the screen just sleeps as usual.
      lock = await navigator.wakeLock.request("screen").catch(() => null);
      if (ended) void lock?.release();
    };
    void acquire();
    document.addEventListener("visibilitychange", acquire);
    return () => {
      ended = true;
      document.removeEventListener("visibilitychange", acquire);
      void lock?.release();
    };
  }, [active]);
}

/** Whether the position can be sent: "denied" when the courier refused the browser's question. */
export type PositionState = "off" | "sending" | "denied" | "unavailable";

/**
 * Sends the courier's position while `active`: from `watchPosition`, when they moved ≥ 25 m since
 * the last one sent, at most every 5 s. A failed send is dropped: the next move sends a newer one.
 */
export function usePositionSender(active: boolean): PositionState {
  const [state, setState] = useState<PositionState>("off");
  useEffect(() => {
    if (!active) return setState("off");
    if (!("geolocation" in navigator)) return setState("unavailable");
    let lastSent: Fix | null = null;
    let retry: number | undefined;
    const consider = (fix: Fix) => {
      window.clearTimeout(retry);
      const decision = decidePosition(lastSent, fix);
      if (!decision.send) {
        // Moved, but too soon after the last: this place goes when the 5 s are up.
        if (decision.retryInMs !== null)
          retry = window.setTimeout(() => consider({ ...fix, at: Date.now() }), decision.retryInMs);
        return;
      }
      lastSent = fix;
      const { latitude, longitude } = fix;
      courierApi(courierEndpoints.location(), { latitude, longitude }).catch(() => {
        lastSent = null;
      });
    };
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        setState("sending");
        consider({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          at: Date.now(),
        });
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      window.clearTimeout(retry);
    };
  }, [active]);
  return state;
}
