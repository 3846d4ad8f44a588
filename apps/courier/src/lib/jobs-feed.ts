import type { CourierJobs, CourierLiveMessage } from "@storefront/domain/contract";
import { COURIER_API_PREFIX, courierEndpoints } from "@storefront/domain/endpoints";
import { courierApi } from "./api.ts";

/** How often the jobs are read on shift while the live socket is down (or not yet open). */
export const JOBS_POLL_MS = 5_000;
/** How often they are read on shift while the live socket is open: a net under it, not the way. */
export const JOBS_POLL_LIVE_MS = 60_000;
/** Waits between reopenings of the live socket: quick at first, then at most every 30 s. */
const REOPEN_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface JobsFeed {
  /** Reads the jobs now (after the courier's own action), then on the next change or poll. */
  refresh(): void;
  stop(): void;
}

/**
 * The courier's offers and jobs. On shift (`repeat`) and on screen, the live socket
 * (`/api/courier/live`) says when they change and they are read at once, so an offer shows the
 * moment dispatch makes it; while the socket is down they are read every 5 s instead, and every
 * minute beside it. A hidden app asks nothing and reads them again as it comes back. Off shift they
 * are read once, and as the app comes back.
 */
export function watchJobs(
  callbacks: {
    onJobs: (jobs: CourierJobs) => void;
    onFailure: (error: unknown) => void;
  },
  { repeat }: { repeat: boolean },
): JobsFeed {
  let timer: number | undefined;
  let stopped = false;
  let asked = 0;
  let socket: WebSocket | null = null;
  let live = false;
  let reopenings = 0;
  let reopenTimer: number | undefined;

  const read = async () => {
    window.clearTimeout(timer);
    if (stopped || document.visibilityState !== "visible") return;
    // Only the newest read's answer is shown: an older one may arrive after it.
    const mine = ++asked;
    try {
      const jobs = await courierApi(courierEndpoints.jobs());
      if (!stopped && mine === asked) callbacks.onJobs(jobs);
    } catch (error) {
      if (!stopped && mine === asked) callbacks.onFailure(error);
    }
    if (repeat && !stopped && mine === asked)
      timer = window.setTimeout(read, live ? JOBS_POLL_LIVE_MS : JOBS_POLL_MS);
  };

  const open = () => {
    window.clearTimeout(reopenTimer);
    if (stopped || !repeat || socket || document.visibilityState !== "visible") return;
    const url = new URL(`${COURIER_API_PREFIX}${courierEndpoints.live().path}`, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const opened = new WebSocket(url);
    socket = opened;
    opened.onmessage = (event) => {
      const message = JSON.parse(String(event.data)) as CourierLiveMessage;
      if (message.type === "READY") {
        live = true;
        reopenings = 0;
      }
      // Ready (what changed while it was closed is read too) or changed: read them now.
      void read();
    };
    opened.onclose = () => {
      if (socket === opened) socket = null;
      live = false;
      if (stopped || document.visibilityState !== "visible") return;
      reopenTimer = window.setTimeout(open, REOPEN_MS[Math.min(reopenings, REOPEN_MS.length - 1)]);
      reopenings += 1;
    };
  };
  const close = () => {
    window.clearTimeout(reopenTimer);
    const closing = socket;
    socket = null;
    live = false;
    closing?.close();
  };

  const onVisibility = () => {
    if (document.visibilityState === "visible") open();
    else close();
    void read();
  };

  document.addEventListener("visibilitychange", onVisibility);
  open();
  void read();
  return {
    refresh: () => void read(),
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      close();
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}
