import { type BoardMessage, boardMessageSchema } from "@storefront/domain/contract";
import { consoleEndpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef } from "react";
import { apiUrl } from "./api-origin.ts";

/** Waits between reconnections: quick at first, then at most every 30 s. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * The order board's live feed: a WebSocket to /api/console/live that calls `onChange` for every
 * order of the member's that is placed or moved, and reconnects (catching up through `onChange`
 * with no message) when the connection drops.
 */
export function useBoardFeed(onChange: (message: BoardMessage | null) => void): void {
  const listener = useRef(onChange);
  listener.current = onChange;
  useEffect(() => {
    let socket: WebSocket | null = null;
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const url = new URL(apiUrl(consoleEndpoints.live().path), window.location.href);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(url);
      socket.onmessage = (event) => {
        const data = JSON.parse(String(event.data)) as { type?: string };
        if (data.type === "READY") {
          // Reconnected: whatever changed meanwhile is read again.
          if (attempt > 0) listener.current(null);
          attempt = 0;
          return;
        }
        const message = boardMessageSchema.safeParse(data);
        if (message.success) listener.current(message.data);
      };
      socket.onclose = () => {
        if (stopped) return;
        timer = setTimeout(open, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
        attempt += 1;
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, []);
}
