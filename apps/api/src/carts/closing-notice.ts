import {
  type ClosingBeforeArrival,
  closingWithin,
  type DeliverySlotsInput,
  deliverySlotDays,
  firstSlotSelling,
  formatTimeOfDay,
  type ReceiptType,
} from "@storefront/domain";
import type { CartLines } from "./cart-lines.ts";

type Vendor = NonNullable<CartLines[number]["vendor"]>;

const MINUTES_PER_DAY = 24 * 60;
const clock = (minutes: number) => formatTimeOfDay(minutes % MINUTES_PER_DAY);

/**
 * For an order as soon as possible: each vendor cart whose vendor, open now, closes before the order
 * could arrive (be ready, for a takeaway), with the takeaway it could still make and the first slot
 * it can meet with every dish of the cart sold at it. A vendor closed now is the cart's invalid vendor instead.
 */
export function closingBeforeArrival(
  lines: CartLines,
  order: {
    /** The local date and minutes now. */
    today: string;
    now: number;
    receiptType: ReceiptType;
    /** What every vendor of the cart and the locality offer. */
    receiptTypes: readonly ReceiptType[];
    slotsFor: (vendor: Vendor, minutes: number) => DeliverySlotsInput;
  },
): ClosingBeforeArrival[] {
  const { today, now, receiptType, receiptTypes } = order;
  const notices: ClosingBeforeArrival[] = [];
  for (const { vendorCart, vendor, estimate, items } of lines) {
    if (!vendor || !estimate || vendorCart.items.length === 0) continue;
    const times = { hours: vendor.workingHours, closures: vendor.closures };
    const cooking = vendor.cookingMinutesMax;
    const needed = receiptType === "TAKEAWAY" ? cooking : estimate.minutes.max;
    const closing = closingWithin(times, today, now, needed);
    // Closed already (or now): the vendor is invalid for the time, which says so.
    if (closing === null || closing === now) continue;
    const takeawayInTime =
      receiptType === "DELIVERY" &&
      receiptTypes.includes("TAKEAWAY") &&
      closingWithin(times, today, now, cooking) === null;
    const nextSlot = firstSlotSelling(
      deliverySlotDays(order.slotsFor(vendor, needed)),
      items.map((line) => line.saleHours),
    );
    notices.push({
      vendorCartId: vendorCart.id,
      closesAt: clock(closing),
      arrivesAt: clock(now + needed),
      takeawayReadyAt: takeawayInTime ? clock(now + cooking) : null,
      nextSlot,
    });
  }
  return notices;
}
