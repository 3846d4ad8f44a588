import type { CourierJobs } from "@storefront/domain/contract";
import { courierEndpoints } from "@storefront/domain/endpoints";
import { courierApi } from "./api.ts";

/** How often the jobs are read while the app is on screen. */
export const JOBS_POLL_MS = 5_000;

export interface JobsFeed {
  /** Reads the jobs now (after the courier's own action), then every 5 s from then. */
  refresh(): void;
  stop(): void;
}

/**
 * The courier's offers and jobs, read every 5 s while on shift (`repeat`) and the app is visible: a
 * new offer shows within seconds; a hidden app asks nothing and reads them again as it comes back.
 * Off shift they are read once, and as the app comes back. Polling for now: a socket may replace
 * this module, the screens keep its two callbacks.
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
    if (repeat && !stopped && mine === asked) timer = window.setTimeout(read, JOBS_POLL_MS);
  };
  const onVisibility = () => void read();

  document.addEventListener("visibilitychange", onVisibility);
  void read();
  return {
    refresh: () => void read(),
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    },
  };
}
