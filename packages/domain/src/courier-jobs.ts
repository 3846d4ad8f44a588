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

/** Digits of the code the customer tells the courier at the door. */
export const HANDOVER_CODE_LENGTH = 4;

/** The customer's order page shows the code from the moment the courier leaves the kitchen. */
export function handoverCodeShown(status: OrderStatusName): boolean {
  return status === "ON_DELIVERY" || status === "ARRIVED";
}

/** Cash the courier takes at the door: the order's total for a cash order, nothing when paid online. */
export function amountToCollect(order: { paymentType: "CASH" | "ONLINE"; total: number }): number {
  return order.paymentType === "CASH" ? order.total : 0;
}
