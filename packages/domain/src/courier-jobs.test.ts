import { describe, expect, it } from "vitest";
import {
  amountToCollect,
  awaitsCourier,
  COURIER_STEPS,
  handoverCodeLocked,
  handoverCodeShown,
  isCourierStep,
  shiftReport,
} from "./courier-jobs.ts";
import { canChangeOrderStatus, ORDER_STATUSES } from "./order-status.ts";

describe("a courier's steps", () => {
  it("are each a move the courier may make, in the order of a delivery", () => {
    expect(Object.values(COURIER_STEPS)).toEqual(["ON_DELIVERY", "ARRIVED", "COMPLETED"]);
    const from = ["READY", "ON_DELIVERY", "ARRIVED"] as const;
    Object.values(COURIER_STEPS).forEach((to, index) => {
      expect(canChangeOrderStatus(from[index] as (typeof from)[number], to, "COURIER")).toBe(true);
    });
  });

  it.each([
    ["picked-up", true],
    ["delivered", true],
    ["accept", false],
    ["toString", false],
  ])("%s is a step: %s", (step, known) => {
    expect(isCourierStep(step)).toBe(known);
  });
});

describe("the hand-over code", () => {
  it("takes five wrong tries, then the dispatcher takes over", () => {
    expect([0, 4, 5, 6].map(handoverCodeLocked)).toEqual([false, false, true, true]);
  });

  it("shows once the courier has left the kitchen, and until the door", () => {
    expect(ORDER_STATUSES.filter(handoverCodeShown)).toEqual(["ON_DELIVERY", "ARRIVED"]);
  });
});

describe("cash to collect", () => {
  it.each([
    [{ paymentType: "CASH" as const, total: 24.5 }, 24.5],
    [{ paymentType: "ONLINE" as const, total: 24.5 }, 0],
  ])("%o → %d", (order, amount) => {
    expect(amountToCollect(order)).toBe(amount);
  });
});

describe("the shift's report", () => {
  const riga = { latitude: 56.9496, longitude: 24.1052 };
  const nearby = { latitude: 56.9586, longitude: 24.1052 };
  it("counts the deliveries, their distance, the cash to hand in, the fees earned and the tips", () => {
    expect(
      shiftReport([
        { paymentType: "CASH", total: 23.4, deliveryFee: 2.5, tip: 1, pickUp: riga, dropOff: nearby },
        { paymentType: "ONLINE", total: 18.1, deliveryFee: 1.99, tip: 0.5, pickUp: nearby, dropOff: riga },
        { paymentType: "CASH", total: 10.1, deliveryFee: 0, tip: 0, pickUp: riga, dropOff: riga },
      ]),
    ).toEqual({ deliveries: 3, distanceKm: 2, cashCollected: 33.5, earnings: 4.49, tips: 1.5 });
  });

  it("is all zeros for a shift without deliveries", () => {
    expect(shiftReport([])).toEqual({ deliveries: 0, distanceKm: 0, cashCollected: 0, earnings: 0, tips: 0 });
  });
});

describe("an order waiting for a courier", () => {
  it.each([
    { status: "WAITING_APPROVAL", receiptType: "DELIVERY", courier: null, awaits: false },
    { status: "APPROVED", receiptType: "DELIVERY", courier: null, awaits: true },
    { status: "READY", receiptType: "DELIVERY", courier: null, awaits: true },
    { status: "READY", receiptType: "DELIVERY", courier: { name: "Jānis" }, awaits: false },
    { status: "READY", receiptType: "TAKEAWAY", courier: null, awaits: false },
    { status: "ON_DELIVERY", receiptType: "DELIVERY", courier: null, awaits: false },
  ] as const)("$receiptType $status with courier $courier: $awaits", ({ awaits, ...order }) => {
    expect(awaitsCourier(order)).toBe(awaits);
  });
});
