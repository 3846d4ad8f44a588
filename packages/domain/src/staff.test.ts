import { describe, expect, it } from "vitest";
import type { OrderStatusName } from "./order-status.ts";
import {
  consoleOrderActions,
  mayAssignCourier,
  orderActorOf,
  type StaffRole,
  seesWholePartner,
  staffMay,
} from "./staff.ts";

describe("staffMay", () => {
  it.each([
    ["OWNER", "audit.read", true],
    ["OWNER", "staff.manage", true],
    ["MANAGER", "audit.read", false],
    ["MANAGER", "promotions.edit", true],
    ["VENDOR_STAFF", "menus.edit", true],
    ["VENDOR_STAFF", "promotions.edit", false],
    ["MANAGER", "zones.edit", true],
    ["VENDOR_STAFF", "zones.edit", false],
    ["DISPATCHER", "zones.edit", false],
    ["VENDOR_STAFF", "orders.delivery", false],
    ["DISPATCHER", "orders.delivery", true],
    ["DISPATCHER", "orders.kitchen", false],
    ["DISPATCHER", "menus.edit", false],
  ] as const)("%s may %s: %s", (role, permission, expected) => {
    expect(staffMay(role, permission)).toBe(expected);
  });

  it("gives vendor staff their vendors only and everyone else the whole partner", () => {
    expect(seesWholePartner("VENDOR_STAFF")).toBe(false);
    expect(["OWNER", "MANAGER", "DISPATCHER"].every((role) => seesWholePartner(role as StaffRole))).toBe(
      true,
    );
  });

  it("moves orders as the vendor for vendor staff and as dispatch for the others", () => {
    expect(orderActorOf("VENDOR_STAFF")).toBe("VENDOR");
    expect(orderActorOf("DISPATCHER")).toBe("DISPATCH");
    expect(orderActorOf("MANAGER")).toBe("DISPATCH");
  });
});

describe("consoleOrderActions", () => {
  const delivery = (status: OrderStatusName) => ({ status, receiptType: "DELIVERY" as const });
  const takeaway = (status: OrderStatusName) => ({ status, receiptType: "TAKEAWAY" as const });

  it.each([
    ["VENDOR_STAFF", delivery("WAITING_APPROVAL"), ["accept", "decline"]],
    ["VENDOR_STAFF", delivery("APPROVED"), ["preparing", "cancel"]],
    ["VENDOR_STAFF", delivery("PREPARING"), ["ready", "cancel"]],
    ["VENDOR_STAFF", delivery("READY"), []],
    ["VENDOR_STAFF", takeaway("READY"), ["complete"]],
    ["VENDOR_STAFF", delivery("CREATED"), []],
    ["DISPATCHER", delivery("WAITING_APPROVAL"), []],
    ["DISPATCHER", delivery("PREPARING"), ["cancel"]],
    ["DISPATCHER", delivery("READY"), ["on-delivery", "cancel"]],
    ["DISPATCHER", takeaway("READY"), ["cancel"]],
    ["DISPATCHER", delivery("ON_DELIVERY"), ["arrived", "cancel"]],
    ["DISPATCHER", delivery("ARRIVED"), ["complete", "cancel"]],
    ["MANAGER", delivery("WAITING_APPROVAL"), ["accept", "decline"]],
    ["MANAGER", delivery("READY"), ["on-delivery", "cancel"]],
    ["OWNER", delivery("COMPLETED"), []],
  ] as const)("%s on %o: %o", (role, order, expected) => {
    expect(consoleOrderActions(role, order)).toEqual(expected);
  });

  it("names couriers for active delivery orders, by those who run deliveries", () => {
    expect(mayAssignCourier("DISPATCHER", delivery("PREPARING"))).toBe(true);
    expect(mayAssignCourier("VENDOR_STAFF", delivery("PREPARING"))).toBe(false);
    expect(mayAssignCourier("DISPATCHER", takeaway("PREPARING"))).toBe(false);
    expect(mayAssignCourier("MANAGER", delivery("COMPLETED"))).toBe(false);
    expect(mayAssignCourier("OWNER", delivery("CREATED"))).toBe(false);
  });
});
