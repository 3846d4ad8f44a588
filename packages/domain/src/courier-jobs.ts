import { distanceKm } from "./geo.ts";
import type { OrderStatusName } from "./order-status.ts";

/**
 * A courier's jobs: which orders are theirs to show, what each step of the courier's app moves the
 * order to, the hand-over code that proves the customer got it, and the cash to take at the door.
 */

/** The steps a courier takes in their app, and the status each moves the order to. */
export const COURIER_STEPS = {
  "picked-up": "ON_DELIVERY",
  arrived: "ARRIVED",
  delivered: "COMPLETED",
} as const satisfies Record<string, OrderStatusName>;
export type CourierStep = keyof typeof COURIER_STEPS;

export function isCourierStep(value: string): value is CourierStep {
  return Object.hasOwn(COURIER_STEPS, value);
}

/** The statuses of a job given to a courier and not yet ended: from the kitchen's yes to the door. */
export const COURIER_JOB_STATUSES: readonly OrderStatusName[] = [
  "WAITING_APPROVAL",
  "APPROVED",
  "PREPARING",
  "READY",
  "ON_DELIVERY",
  "ARRIVED",
];

/** The statuses in which a delivery order waits for a courier: the kitchen said yes, none named yet. */
export const AWAITING_COURIER_STATUSES: readonly OrderStatusName[] = ["APPROVED", "PREPARING", "READY"];

/** Whether a delivery order waits for a courier: automatic dispatch's to offer, or the dispatcher's to give. */
export function awaitsCourier(order: {
  receiptType: string;
  status: OrderStatusName;
  courier: unknown | null;
}): boolean {
  return (
    order.receiptType === "DELIVERY" && AWAITING_COURIER_STATUSES.includes(order.status) && !order.courier
  );
}

/** Digits of the code the customer tells the courier at the door. */
export const HANDOVER_CODE_LENGTH = 4;

/**
 * Wrong codes after which the courier may try no more: the dispatcher is alerted, calls the
 * customer and closes the delivery from the console (a 4-digit code is not guessed in five tries).
 */
export const HANDOVER_CODE_MAX_ATTEMPTS = 5;

/** Whether the courier has used up their tries of the order's code (the dispatcher takes over). */
export function handoverCodeLocked(wrongAttempts: number): boolean {
  return wrongAttempts >= HANDOVER_CODE_MAX_ATTEMPTS;
}

/** The customer's order page shows the code from the moment the courier leaves the kitchen. */
export function handoverCodeShown(status: OrderStatusName): boolean {
  return status === "ON_DELIVERY" || status === "ARRIVED";
}

/** Cash the courier takes at the door: the order's total for a cash order, nothing when paid online. */
export function amountToCollect(order: { paymentType: "CASH" | "ONLINE"; total: number }): number {
  return order.paymentType === "CASH" ? order.total : 0;
}

/** A delivery the courier made, as the shift's report counts it. */
export interface ShiftDelivery {
  paymentType: "CASH" | "ONLINE";
  /** What the customer paid: the order's total. */
  total: number;
  /** What the customer paid for the delivery, and the tip. */
  deliveryFee: number;
  tip: number;
  pickUp: { latitude: number; longitude: number };
  dropOff: { latitude: number; longitude: number };
}

/** A shift in figures, amounts in the city's currency rounded to its minor unit (2 decimals). */
export interface ShiftReport {
  deliveries: number;
  /** From each kitchen to its door, as the crow flies. */
  distanceKm: number;
  /** Cash taken at the doors, to hand in at the end of the shift. */
  cashCollected: number;
  /** What the customers paid for their deliveries, tips apart. */
  earnings: number;
  tips: number;
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The shift's report: its deliveries, their distance, the cash to hand in, and what they earned
 * (the delivery fees the customers paid, as the demo's pay rule; a partner's own rule replaces it)
 * with the tips apart.
 */
export function shiftReport(deliveries: readonly ShiftDelivery[]): ShiftReport {
  const sum = (of: (delivery: ShiftDelivery) => number) =>
    deliveries.reduce((total, delivery) => total + of(delivery), 0);
  return {
    deliveries: deliveries.length,
    distanceKm: Math.round(sum((d) => distanceKm(d.pickUp, d.dropOff)) * 10) / 10,
    cashCollected: cents(sum((d) => amountToCollect(d))),
    earnings: cents(sum((d) => d.deliveryFee)),
    tips: cents(sum((d) => d.tip)),
  };
}
