import {
  closingWithin,
  localDateOf,
  localMomentOf,
  type WorkingInterval,
} from "../../packages/domain/src/index.ts";

const TIME_ZONES: Record<string, string> = {
  riga: "Europe/Riga",
  kyiv: "Europe/Kyiv",
  baghdad: "Asia/Baghdad",
};

/** A vendor as the vendor list answers it. */
interface ListedVendor {
  working: boolean;
  workingHours: { intervals: WorkingInterval[] };
  maxEstimatedDeliveryDuration: number;
}

/**
 * Whether an order as soon as possible from the vendor goes through now: open, and not closing
 * before the order could arrive (the checkout refuses it then, issue 19), with half an hour to spare
 * for the test's own steps. Tests run at any hour, so they pick their vendors with this.
 */
export function orderableNow(vendor: ListedVendor, locality = "riga"): boolean {
  if (!vendor.working) return false;
  const timeZone = TIME_ZONES[locality];
  if (!timeZone) throw new Error(`no time zone for ${locality}`);
  const now = new Date();
  const minutes = vendor.maxEstimatedDeliveryDuration + 30;
  return (
    closingWithin(
      { hours: vendor.workingHours.intervals },
      localDateOf(now, timeZone),
      localMomentOf(now, timeZone).minutes,
      minutes,
    ) === null
  );
}
