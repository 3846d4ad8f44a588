import {
  courierMoved,
  endsTracking,
  isReportableClose,
  TRACKING_HEARTBEAT_MS,
  TRACKING_RECONNECT_ATTEMPTS,
  trackingReconnectDelayMs,
} from "@storefront/domain";
import { useEffect, useRef } from "react";
import { socketToken } from "./credentials.ts";
import { reportClientError } from "./report-error.client.ts";

export type TrackingMessage =
  | { type: "ORDER_STATUS_UPDATE"; status: string; actor: string; at: string }
  | { type: "COURIER_FOUND"; courierName: string; courierPhone: string }
  | { type: "COURIER_LOCATION_UPDATE"; latitude: number; longitude: number }
  /** The arrival window changed (issue 19); null once nothing is awaited. */
  | { type: "ETA_UPDATE"; eta: { from: string; to: string } | null };

/**
 * The tracking socket's address: on the API's host, with http turned into ws. A socket cannot send
 * headers: the native app's session goes as `token` (the web's goes as its cookie).
 */
export function trackingUrl(apiBase: string, path: string): string {
  const url = new URL(path, new URL(apiBase, window.location.href).origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const token = socketToken();
  if (token) url.searchParams.set("token", token);
  return url.href;
}

/**
 * One tracking connection per order while `enabled`: a heartbeat every 30 s; after a failure it
 * reconnects after e^(10 − remaining attempts) seconds, up to 10 times, the count reset on open;
 * closes with 1000 or -1 end it, and closes other than 1000 and 1006 are reported. Courier moves
 * smaller than the threshold are not passed on.
 */
export function useOrderTracking(
  url: string | null,
  onMessage: (message: TrackingMessage) => void,
  report: (error: Error) => void = (error) => reportClientError(error, "order tracking"),
): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const reporter = useRef(report);
  reporter.current = report;
  useEffect(() => {
    if (!url) return;
    let socket: WebSocket | null = null;
    let remaining = TRACKING_RECONNECT_ATTEMPTS;
    let heartbeat: number | undefined;
    let retry: number | undefined;
    let stopped = false;
    let lastCourier: { latitude: number; longitude: number } | null = null;

    const connect = () => {
      socket = new WebSocket(url);
      socket.onopen = () => {
        remaining = TRACKING_RECONNECT_ATTEMPTS;
        heartbeat = window.setInterval(() => socket?.send("heartbeat"), TRACKING_HEARTBEAT_MS);
      };
      socket.onmessage = (event) => {
        if (typeof event.data !== "string" || event.data === "pong") return;
        const message = JSON.parse(event.data) as TrackingMessage;
        if (message.type === "COURIER_LOCATION_UPDATE") {
          if (!courierMoved(lastCourier, message)) return;
          lastCourier = { latitude: message.latitude, longitude: message.longitude };
        }
        handler.current(message);
      };
      socket.onclose = (event) => {
        window.clearInterval(heartbeat);
        if (isReportableClose(event.code))
          reporter.current(new Error(`Tracking closed with ${event.code} ${event.reason}`));
        if (stopped || endsTracking(event.code) || remaining <= 0) return;
        remaining -= 1;
        retry = window.setTimeout(connect, trackingReconnectDelayMs(remaining + 1));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearInterval(heartbeat);
      socket?.close(1000);
    };
  }, [url]);
}
