import { describe, expect, it } from "vitest";
import { amountToCollect, COURIER_STEPS, handoverCodeShown, isCourierStep } from "./courier-jobs.ts";
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
