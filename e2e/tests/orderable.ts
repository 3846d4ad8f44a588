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

/**
 * Kyiv vendors whose hours the closing-time tests set for a while (each run's own: closing in a
 * quarter of an hour, or closed until two hours from now): no other test picks them, or a vendor
 * open when listed could close under its order.
 */
export const HOURS_SET_BY_TESTS = {
  closingSoon: {
    "phone-en": "Зелена Миска",
    "phone-ar": "Солодка Хвилька",
    "desktop-en": "Квіти «Мальва»",
    "desktop-ar": "Ранкова Пекарня",
  } as Record<string, string>,
  closedNow: {
    phone: { lang: "en", name: "Кіото Рол" },
    desktop: { lang: "ar", name: "Кавовий Дворик" },
  } as const,
};
const RESERVED: ReadonlySet<string> = new Set([
  ...Object.values(HOURS_SET_BY_TESTS.closingSoon),
  ...Object.values(HOURS_SET_BY_TESTS.closedNow).map((vendor) => vendor.name),
]);

/** A vendor as the vendor list answers it. */
interface ListedVendor {
  name?: string;
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
  if (!vendor.working || RESERVED.has(vendor.name ?? "")) return false;
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
