import { describe, expect, it } from "vitest";
import {
  canChangeOrderStatus,
  canReviewOrder,
  customerMayCancel,
  displayedOrderStatus,
  endedUndelivered,
  isActiveOrderStatus,
  type OrderActor,
  type OrderStatusName,
  orderPageFor,
  pushTapPage,
  shownOrderStatus,
} from "./order-status.ts";

describe("canChangeOrderStatus", () => {
  it.each<[OrderStatusName, OrderStatusName, OrderActor, boolean]>([
    ["CREATED", "WAITING_APPROVAL", "SYSTEM", true],
    ["CREATED", "WAITING_APPROVAL", "CUSTOMER", false],
    ["CREATED", "CANCELED", "CUSTOMER", true],
    ["WAITING_APPROVAL", "APPROVED", "VENDOR", true],
    ["WAITING_APPROVAL", "APPROVED", "COURIER", false],
    ["WAITING_APPROVAL", "DECLINED", "VENDOR", true],
    ["WAITING_APPROVAL", "CANCELED", "CUSTOMER", true],
    ["APPROVED", "CANCELED", "CUSTOMER", false],
    ["APPROVED", "PREPARING", "VENDOR", true],
    ["PREPARING", "READY", "VENDOR", true],
    ["READY", "ON_DELIVERY", "COURIER", true],
    ["READY", "COMPLETED", "VENDOR", true],
    ["ON_DELIVERY", "ARRIVED", "COURIER", true],
    ["ARRIVED", "COMPLETED", "COURIER", true],
    ["COMPLETED", "CANCELLED", "DISPATCH", false],
    ["DECLINED", "APPROVED", "VENDOR", false],
    ["PREPARING", "ON_DELIVERY", "COURIER", false],
  ])("%s → %s by %s: %s", (from, to, actor, allowed) => {
    expect(canChangeOrderStatus(from, to, actor)).toBe(allowed);
  });
});

describe("order pages and groups", () => {
  it.each<[OrderStatusName, "payment" | "status" | "details", boolean]>([
    ["CREATED", "payment", true],
    ["WAITING_APPROVAL", "status", true],
    ["APPROVED", "status", true],
    ["PREPARING", "status", true],
    ["ON_DELIVERY", "status", true],
    ["ARRIVED", "status", true],
    ["READY", "status", true],
    ["COMPLETED", "details", false],
    ["DECLINED", "details", false],
    ["CANCELED", "details", false],
    ["CANCELLED", "details", false],
  ])("%s opens %s; active: %s", (status, page, active) => {
    expect(orderPageFor(status)).toBe(page);
    expect(isActiveOrderStatus(status)).toBe(active);
  });

  it("shows APPROVED as preparing", () => {
    expect(displayedOrderStatus("APPROVED")).toBe("PREPARING");
    expect(displayedOrderStatus("READY")).toBe("READY");
  });

  it("lets the customer cancel only before the vendor takes the order", () => {
    expect(customerMayCancel("CREATED")).toBe(true);
    expect(customerMayCancel("WAITING_APPROVAL")).toBe(true);
    expect(customerMayCancel("APPROVED")).toBe(false);
    expect(customerMayCancel("COMPLETED")).toBe(false);
  });

  it("lets the customer cancel a preorder until the kitchen starts it", () => {
    const preorder = { preorder: true };
    expect(customerMayCancel("WAITING_APPROVAL", preorder)).toBe(true);
    expect(customerMayCancel("APPROVED", preorder)).toBe(true);
    expect(customerMayCancel("PREPARING", preorder)).toBe(false);
    // Only the customer: the kitchen's own cancellation stays CANCELLED.
    expect(canChangeOrderStatus("APPROVED", "CANCELED", "VENDOR", preorder)).toBe(false);
  });

  it("shows an accepted preorder as scheduled until the kitchen starts it", () => {
    expect(shownOrderStatus({ status: "APPROVED", preorder: true })).toBe("SCHEDULED");
    expect(shownOrderStatus({ status: "APPROVED", preorder: false })).toBe("PREPARING");
    expect(shownOrderStatus({ status: "WAITING_APPROVAL", preorder: true })).toBe("WAITING_APPROVAL");
    expect(shownOrderStatus({ status: "PREPARING", preorder: true })).toBe("PREPARING");
  });
});

describe("canReviewOrder", () => {
  const completed = new Date("2026-11-20T12:00:00Z");
  it.each<[OrderStatusName, string, boolean]>([
    ["COMPLETED", "2026-11-20T13:00:00Z", true],
    ["COMPLETED", "2026-11-22T12:00:00Z", true],
    ["COMPLETED", "2026-11-22T12:00:01Z", false],
    ["CANCELLED", "2026-11-20T13:00:00Z", false],
  ])("%s, asked at %s: %s", (status, at, allowed) => {
    expect(canReviewOrder(status, completed, new Date(at))).toBe(allowed);
  });
});

describe("pushTapPage", () => {
  it.each([
    [
      { type: "OrderStatusChangedEvent", orderID: 7, status: "COMPLETED" },
      { orderId: 7, page: "details" },
    ],
    [
      { type: "OrderStatusChangedEvent", orderID: "7", status: "CANCELLED" },
      { orderId: 7, page: "details" },
    ],
    [
      { type: "OrderStatusChangedEvent", orderID: 7, status: "CANCELED" },
      { orderId: 7, page: "details" },
    ],
    [
      { type: "OrderStatusChangedEvent", orderID: 7, status: "DECLINED" },
      { orderId: 7, page: "details" },
    ],
    [
      { type: "OrderStatusChangedEvent", orderID: 7, status: "ON_DELIVERY" },
      { orderId: 7, page: "status" },
    ],
    [{ type: "SomethingElse", orderID: 7, status: "COMPLETED" }, null],
    [{ type: "OrderStatusChangedEvent", orderID: "x", status: "COMPLETED" }, null],
  ])("%j → %j", (event, target) => {
    expect(pushTapPage(event)).toEqual(target);
  });
});

describe("endedUndelivered", () => {
  it("holds for declined and cancelled orders only", () => {
    const all: OrderStatusName[] = [
      "CREATED",
      "WAITING_APPROVAL",
      "APPROVED",
      "PREPARING",
      "READY",
      "ON_DELIVERY",
      "ARRIVED",
      "COMPLETED",
      "DECLINED",
      "CANCELED",
      "CANCELLED",
    ];
    const undelivered = all.filter(endedUndelivered);
    expect(undelivered.sort()).toEqual(["CANCELED", "CANCELLED", "DECLINED"]);
  });
});
