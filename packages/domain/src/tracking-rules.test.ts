import { describe, expect, it } from "vitest";
import { isActiveOrderStatus, type OrderStatusName } from "./order-status.ts";
import {
  applyOrderStatus,
  courierMoved,
  endsTracking,
  isReportableClose,
  trackingReconnectDelayMs,
  trackingReconnects,
} from "./tracking-rules.ts";

describe("trackingReconnectDelayMs", () => {
  it.each([
    [10, 1000],
    [9, 2718],
    [8, 7389],
    [1, 8103084],
  ])("with %d attempts left waits %d ms", (remaining, ms) => {
    expect(trackingReconnectDelayMs(remaining)).toBe(ms);
  });
});

describe("trackingReconnects", () => {
  it("waits longer after each failure, gives up after 10 tries, and starts again when the socket opens", () => {
    const reconnects = trackingReconnects();
    expect([reconnects.failed(), reconnects.failed(), reconnects.failed()]).toEqual([1000, 2718, 7389]);
    reconnects.opened();
    expect(reconnects.failed()).toBe(1000);
    for (let tries = 2; tries <= 10; tries++) expect(reconnects.failed()).not.toBeNull();
    expect(reconnects.failed()).toBeNull();
    reconnects.opened();
    expect(reconnects.failed()).toBe(1000);
  });
});

describe("close codes", () => {
  it.each([
    [1000, true, false],
    [-1, true, true],
    [1006, false, false],
    [1011, false, true],
    [4404, false, true],
    [4423, true, false],
  ])("%d ends tracking: %s; reported: %s", (code, ends, reported) => {
    expect(endsTracking(code)).toBe(ends);
    expect(isReportableClose(code)).toBe(reported);
  });
});

describe("courierMoved", () => {
  const at = { latitude: 56.95, longitude: 24.1 };
  it.each([
    [null, at, true],
    [at, { latitude: 56.95004, longitude: 24.10004 }, false],
    [at, { latitude: 56.95006, longitude: 24.1 }, true],
    [at, { latitude: 56.95, longitude: 24.09994 }, true],
  ])("from %j to %j: %s", (previous, next, moved) => {
    expect(courierMoved(previous, next)).toBe(moved);
  });
});

describe("applyOrderStatus", () => {
  const active = (status: string) => isActiveOrderStatus(status as OrderStatusName);
  const lists = {
    activeOrders: [
      { id: 3, status: "PREPARING" },
      { id: 2, status: "ON_DELIVERY" },
    ],
    deliveredOrders: [{ id: 1, status: "COMPLETED" }],
  };

  it("updates an active order in place", () => {
    expect(applyOrderStatus(lists, { id: 3, status: "READY" }, active).activeOrders[0]).toEqual({
      id: 3,
      status: "READY",
    });
  });

  it("moves an ended order to the front of the delivered list", () => {
    const next = applyOrderStatus(lists, { id: 2, status: "COMPLETED" }, active);
    expect(next.activeOrders.map((o) => o.id)).toEqual([3]);
    expect(next.deliveredOrders.map((o) => o.id)).toEqual([2, 1]);
  });

  it("drops an active order that is also among the delivered", () => {
    const doubled = { ...lists, deliveredOrders: [{ id: 3, status: "CANCELLED" }, ...lists.deliveredOrders] };
    expect(
      applyOrderStatus(doubled, { id: 2, status: "ARRIVED" }, active).activeOrders.map((o) => o.id),
    ).toEqual([2]);
  });
});
