import { courierMoved } from "@storefront/domain";
import type { TrackingMessage } from "@storefront/domain/contract";
import { useRef } from "react";
import { liveSocketUrl, useLiveSocket } from "./live-socket.ts";
import { reportClientError } from "./report-error.client.ts";

export type { TrackingMessage };

/** The tracking socket's address (the native app's session as `token`). */
export const trackingUrl = liveSocketUrl;

/**
 * One tracking connection per order while `url` is set, on the live socket's heartbeat and
 * reconnection rules. Courier moves smaller than the threshold are not passed on.
 */
export function useOrderTracking(
  url: string | null,
  onMessage: (message: TrackingMessage) => void,
  report: (error: Error) => void = (error) => reportClientError(error, "order tracking"),
): void {
  const lastCourier = useRef<{ latitude: number; longitude: number } | null>(null);
  useLiveSocket<TrackingMessage>(
    url,
    {
      onMessage: (message) => {
        if (message.type === "COURIER_LOCATION_UPDATE") {
          if (!courierMoved(lastCourier.current, message)) return;
          lastCourier.current = { latitude: message.latitude, longitude: message.longitude };
        }
        onMessage(message);
      },
    },
    report,
  );
}
