import { consoleEndpoints, opsEndpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCourierPosition, setCourierShift } from "../src/couriers/courier-accounts-repository.ts";
import { SIMULATED_COURIERS } from "../src/seed/demo-staff.ts";
import { type OpenVendor, openRestaurants, plain } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import {
  addOpsKey,
  addPartner,
  cashOrderInRiga,
  customer,
  opsEndpointCall,
  placeOrder,
} from "./order-helpers.ts";

let t: TestApp;
const staff = { owner: "", dispatcher: "", manager: "", kitchen: "", otherOwner: "" };

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-23T12:00:00Z") });
  const [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
  staff.owner = await staffSession(t, "OWNER", "owner@couriers.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@couriers.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@couriers.example");
  staff.kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@couriers.example", {
    vendorIds: [kitchen.id],
  });
  await addPartner(t, "other-couriers");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-couriers.example", {
    partner: "other-couriers",
  });
});
afterAll(() => t.close());

const listed = async (cookie: string) =>
  (await consoleEndpointCall(t, cookie, consoleEndpoints.couriers())).body.couriers;

describe("the partner's couriers in the console", () => {
  it("are added by a dispatcher with the phone kept in E.164, audited, and assigned to an order at once", async () => {
    const added = await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.addCourier(), {
      name: "Olena Kovalenko",
      phone: "+380 (67) 123-45-67",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({ name: "Olena Kovalenko", phone: "+380671234567", active: true });
    expect(await listed(staff.dispatcher)).toContainEqual({
      ...added.body,
      onShift: false,
      simulated: false,
      position: null,
      cashToHandIn: [],
    });

    const { order } = await cashOrderInRiga(t);
    const assigned = await consoleEndpointCall(
      t,
      staff.dispatcher,
      consoleEndpoints.assignCourier(order.id),
      {
        courierId: added.body.id,
      },
    );
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.courier).toEqual({ name: "Olena Kovalenko", phone: "+380671234567" });

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(5, null));
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({
        action: "courier.create",
        entityId: added.body.id,
        after: { name: "Olena Kovalenko", phone: "+380671234567", active: true },
      }),
    );
  });

  it("are made inactive and offered for no new order, then active again; renamed and given another phone", async () => {
    const added = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addCourier(), {
      name: "Jānis Bērziņš",
      phone: "+371 2612 3456",
    });
    const id = added.body.id;
    const left = await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeCourier(id), {
      active: false,
    });
    expect(left.body.active).toBe(false);
    // Active couriers come first.
    const list = await listed(staff.manager);
    expect(list.at(-1)).toMatchObject({ id, active: false });

    const [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
    const buyer = await customer(t);
    const order = await placeOrder(t.app, buyer.session, kitchen.id, [
      { productId: (kitchen.products.find(plain) ?? kitchen.products[0])?.id as number },
    ]);
    const refused = await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.assignCourier(order.id), {
      courierId: id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe("courierId");

    const back = await consoleEndpointCall(t, staff.manager, consoleEndpoints.changeCourier(id), {
      active: true,
      name: "Jānis Bērziņš-Liepa",
      phone: "37126123457",
    });
    expect(back.body).toEqual({ id, name: "Jānis Bērziņš-Liepa", phone: "+37126123457", active: true });
    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({
      action: "courier.update",
      before: { name: "Jānis Bērziņš", phone: "+37126123456", active: false },
      after: { name: "Jānis Bērziņš-Liepa", phone: "+37126123457", active: true },
    });
  });

  it("mark the demo simulator's couriers, and show where a courier on shift last was for the map", async () => {
    const before = await listed(staff.dispatcher);
    expect(
      before
        .filter((courier: { simulated: boolean }) => courier.simulated)
        .map((c: { name: string }) => c.name),
    ).toEqual(expect.arrayContaining(SIMULATED_COURIERS.map((courier) => courier.name)));
    const person = before.find(
      (courier: { simulated: boolean; active: boolean }) => !courier.simulated && courier.active,
    );
    const at = new Date("2026-11-23T12:00:00Z");
    const { db } = t.app.services;
    await setCourierShift(db, person.id, { startedAt: at });
    await setCourierPosition(db, person.id, { latitude: 56.95, longitude: 24.1, at });
    const now = async () => (await listed(staff.dispatcher)).find((c: { id: number }) => c.id === person.id);
    expect(await now()).toMatchObject({
      onShift: true,
      position: { latitude: 56.95, longitude: 24.1, at: at.toISOString() },
    });
    // Off shift, where they were is nobody's business.
    await setCourierShift(db, person.id, { endedAt: at });
    expect(await now()).toMatchObject({ onShift: false, position: null });
  });

  it("answers a change of nothing with the courier as they are, logging nothing", async () => {
    const [courier] = await listed(staff.owner);
    const before = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    const answer = await consoleEndpointCall(t, staff.owner, consoleEndpoints.changeCourier(courier.id), {
      unknown: 1,
    });
    const { id, name, phone, active } = courier;
    expect(answer).toEqual({ status: 200, body: { id, name, phone, active } });
    expect((await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null))).body).toEqual(
      before.body,
    );
  });

  it("count the cash each courier took at the doors until a dispatcher marks it handed in, audited", async () => {
    const added = await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.addCourier(), {
      name: "Pēteris Kase",
      phone: "+371 2655 0001",
    });
    const courierId = added.body.id as number;
    const dispatchKey = await addOpsKey(t, { role: "DISPATCH" });
    const { order } = await cashOrderInRiga(t);
    await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.assignCourier(order.id), { courierId });
    const heldBy = async () =>
      (await listed(staff.dispatcher)).find((c: { id: number }) => c.id === courierId);
    expect(await heldBy()).toMatchObject({ onShift: false, cashToHandIn: [] });
    for (const move of ["accept", "preparing", "ready", "on-delivery", "arrived", "complete"] as const)
      expect((await opsEndpointCall(t.app, dispatchKey, opsEndpoints.moveOrder(order.id, move))).status).toBe(
        200,
      );
    expect((await heldBy()).cashToHandIn).toEqual([{ currencyCode: "EUR", amount: order.price }]);

    // Vendor staff do not take a courier's cash.
    expect(
      (await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.cashHandedIn(courierId))).status,
    ).toBe(403);
    const handedIn = await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.cashHandedIn(courierId));
    expect(handedIn.status).toBe(200);
    expect(handedIn.body).toMatchObject({ id: courierId, cashToHandIn: [] });
    expect((await heldBy()).cashToHandIn).toEqual([]);
    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({
      action: "courier.cash",
      entityId: courierId,
      before: { cashToHandIn: [{ currencyCode: "EUR", amount: order.price }] },
    });
    // Another partner's dispatcher finds no such courier.
    expect(
      (await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.cashHandedIn(courierId))).status,
    ).toBe(404);
  });

  it("set how long a courier has to answer an offer, audited, within 15 to 300 seconds", async () => {
    const settings = () => consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.dispatchSettings());
    expect((await settings()).body).toEqual({ offerSeconds: 45 });
    const saved = await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.saveDispatchSettings(), {
      offerSeconds: 30,
    });
    expect(saved.status).toBe(200);
    expect((await settings()).body).toEqual({ offerSeconds: 30 });
    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({
      action: "dispatch.settings",
      before: { offerSeconds: 45 },
      after: { offerSeconds: 30 },
    });
    for (const offerSeconds of [10, 301, 30.5]) {
      const refused = await consoleEndpointCall(t, staff.owner, consoleEndpoints.saveDispatchSettings(), {
        offerSeconds,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].field).toBe("offerSeconds");
    }
    expect(
      (
        await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.saveDispatchSettings(), {
          offerSeconds: 60,
        })
      ).status,
    ).toBe(403);
    expect((await settings()).body).toEqual({ offerSeconds: 30 });
  });

  it.each([
    [{ name: "", phone: "+37126000001" }, 400, "name"],
    [{ name: "Anna", phone: "12" }, 400, "phone"],
    [{ name: "Anna", phone: "+371 0000 0000" }, 400, "phone"],
    [{ name: "Anna", phone: "+380 67 123 45 67" }, 409, "phone"],
  ])("refuses %o with %i naming %s", async (draft, status, field) => {
    const answer = await consoleEndpointCall(t, staff.owner, consoleEndpoints.addCourier(), draft);
    expect(answer.status).toBe(status);
    expect(answer.body.details[0].field).toBe(field);
  });

  it("keeps couriers to those who dispatch: vendor staff neither read nor change them, another partner sees none", async () => {
    const [courier] = await listed(staff.owner);
    expect((await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.couriers())).status).toBe(403);
    expect(
      (
        await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.addCourier(), {
          name: "X",
          phone: "+37126000002",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.changeCourier(courier.id), {
          active: false,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.changeCourier(courier.id), {
          active: false,
        })
      ).status,
    ).toBe(404);
    expect(await listed(staff.otherOwner)).toEqual([]);
    // The other partner may have a courier with the same number: lists are per partner.
    const same = await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.addCourier(), {
      name: "Olena K.",
      phone: "+380671234567",
    });
    expect(same.status).toBe(201);
    expect((await listed(staff.owner)).find((one: { id: number }) => one.id === courier.id).active).toBe(
      true,
    );
  });
});
