import type { CourierAccount, CourierJobs } from "@storefront/domain/contract";

/**
 * What the app keeps on the phone to open without a network: the signed-in courier and their
 * jobs as last read. Forgotten at sign-out. (The actions not yet sent: job-actions.ts.)
 */
const COURIER = "courier.me";
const JOBS = "courier.jobs";

function read<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null") as T | null;
  } catch {
    return null;
  }
}

export function keptCourier(): CourierAccount | null {
  return read<CourierAccount>(COURIER);
}

export function keptJobs(): CourierJobs {
  const jobs = read<CourierJobs>(JOBS);
  return jobs && Array.isArray(jobs.offers) && Array.isArray(jobs.active)
    ? { ...jobs, notices: Array.isArray(jobs.notices) ? jobs.notices : [] }
    : { offers: [], active: [], notices: [], serverTime: "" };
}

export function keepCourier(courier: CourierAccount): void {
  localStorage.setItem(COURIER, JSON.stringify(courier));
}

export function keepJobs(jobs: CourierJobs): void {
  localStorage.setItem(JOBS, JSON.stringify(jobs));
}

/** The jobs as last read, forgotten (the app reads them from the server as it opens). */
export function forgetKeptJobs(): void {
  localStorage.removeItem(JOBS);
}

export function forgetKept(): void {
  localStorage.removeItem(COURIER);
  localStorage.removeItem(JOBS);
}
