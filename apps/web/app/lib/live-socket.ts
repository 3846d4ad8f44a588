import {
  endsTracking,
  isReportableClose,
  TRACKING_HEARTBEAT_MS,
  trackingReconnects,
} from "@storefront/domain";
import { useEffect, useRef } from "react";
import { socketToken } from "./credentials.ts";

/**
 * A live socket's address: on the API's host, with http turned into ws. A socket cannot send
 * headers: the native app's session goes as `token` (the web's goes as its cookie).
 */
export function liveSocketUrl(apiBase: string, path: string): string {
  const url = new URL(path, new URL(apiBase, window.location.href).origin);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const token = socketToken();
  if (token) url.searchParams.set("token", token);
  return url.href;
}

/**
 * One live connection while `url` is set: a heartbeat every 30 s; after a failure it reconnects
 * after e^(10 − remaining attempts) seconds, up to 10 times, the count reset on open; closes with
 * 1000 or -1 end it, and closes other than 1000 and 1006 are reported. Each JSON message goes to
 * `onMessage`; `onOpen` is told every (re)connection, so a page can catch up on what it missed.
 */
export function useLiveSocket<Message>(
  url: string | null,
  handlers: { onMessage: (message: Message) => void; onOpen?: () => void },
  report: (error: Error) => void,
): void {
  const current = useRef(handlers);
  current.current = handlers;
  const reporter = useRef(report);
  reporter.current = report;
  useEffect(() => {
    if (!url) return;
    let socket: WebSocket | null = null;
    const reconnects = trackingReconnects();
    let heartbeat: number | undefined;
    let retry: number | undefined;
    let stopped = false;

    const connect = () => {
      socket = new WebSocket(url);
      socket.onopen = () => {
        reconnects.opened();
        heartbeat = window.setInterval(() => socket?.send("heartbeat"), TRACKING_HEARTBEAT_MS);
        current.current.onOpen?.();
      };
      socket.onmessage = (event) => {
        if (typeof event.data !== "string" || event.data === "pong") return;
        current.current.onMessage(JSON.parse(event.data) as Message);
      };
      socket.onclose = (event) => {
        window.clearInterval(heartbeat);
        if (isReportableClose(event.code))
          reporter.current(new Error(`Live socket closed with ${event.code} ${event.reason}`));
        if (stopped || endsTracking(event.code)) return;
        const wait = reconnects.failed();
        if (wait !== null) retry = window.setTimeout(connect, wait);
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
