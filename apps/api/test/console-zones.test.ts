import type { Point } from "@storefront/domain";
import { consoleEndpoints, type Endpoint, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, newCart, openRestaurants, plain, RIGA_POINT } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { addPartner } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";

const NOW = new Date("2026-11-23T12:00:00Z");

let t: TestApp;
const staff: Record<"owner" | "manager" | "dispatcher" | "kitchen" | "otherOwner", string> = {
  owner: "",
  manager: "",
  dispatcher: "",
  kitchen: "",
  otherOwner: "",
};
/** Riga's zone as the demo draws it. */
let rigaZone: Point[];

const consoleCall = (cookie: string, endpoint: Endpoint, payload?: object) =>
  consoleEndpointCall(t, cookie, endpoint, payload);
const RIGA_ZONE = consoleEndpoints.zone("riga");

/** A small triangle around central Riga: Brīvības iela 1 is inside, the old town's far side is not. */
const AROUND_THE_CENTRE: Point[] = [
  { latitude: 56.945, longitude: 24.1 },
  { latitude: 56.945, longitude: 24.115 },
  { latitude: 56.955, longitude: 24.107 },
];
/** Inside the demo's Riga zone, outside the triangle. */
const PĀRDAUGAVA = { latitude: 56.94, longitude: 24.06 };

async function deliveryCheck(point: { latitude: number; longitude: number }) {
  return (await get(t.app, apiPath(endpoints.deliveryCheck(point)))).body.status;
}

beforeAll(async () => {
  t = await startTestApp({ now: NOW });
  const [kitchen] = await openRestaurants(t.app, 1);
  staff.owner = await staffSession(t, "OWNER", "owner@zones.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@zones.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@zones.example");
  staff.kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@zones.example", {
    vendorIds: [kitchen?.id as number],
  });
  await addPartner(t, "other");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-zones.example", { partner: "other" });
  const { body } = await consoleCall(staff.owner, consoleEndpoints.localities());
  rigaZone = body.localities.find((locality: { code: string }) => locality.code === "riga").zone;
});

afterAll(async () => {
  await t?.close();
});

describe("who draws delivery zones", () => {
  it.each([
    { who: "owner", status: 200 },
    { who: "manager", status: 200 },
    { who: "dispatcher", status: 403 },
    { who: "kitchen", status: 403 },
  ] as const)("the $who reads the localities and draws: $status", async ({ who, status }) => {
    expect((await consoleCall(staff[who], consoleEndpoints.localities())).status).toBe(200);
    // The zone as it is, so a permitted write changes nothing.
    expect((await consoleCall(staff[who], RIGA_ZONE, { zone: rigaZone })).status).toBe(status);
  });

  it("answers 401 signed out, and another partner's member cannot reach the demo's zones", async () => {
    expect((await consoleCall("", consoleEndpoints.localities())).status).toBe(401);
    const theirs = await consoleCall(staff.otherOwner, consoleEndpoints.localities());
    expect(theirs.body.localities).toEqual([]);
    expect((await consoleCall(staff.otherOwner, RIGA_ZONE, { zone: AROUND_THE_CENTRE })).status).toBe(404);
    expect(await deliveryCheck(PĀRDAUGAVA)).toBe("OK");
  });

  it("lists each locality with its name in the member's language, centre and corners", async () => {
    const { body } = await consoleCall(staff.manager, consoleEndpoints.localities());
    expect(body.localities.map((locality: { code: string }) => locality.code)).toEqual([
      "riga",
      "kyiv",
      "baghdad",
    ]);
    expect(body.localities[0]).toMatchObject({ code: "riga", currencyCode: "EUR", timeZone: "Europe/Riga" });
    expect(rigaZone.length).toBeGreaterThanOrEqual(3);
  });
});

describe("a zone redrawn", () => {
  it.each([
    { name: "two corners", zone: AROUND_THE_CENTRE.slice(0, 2), field: "zone", code: "TOO_FEW_POINTS" },
    {
      name: "a bow tie",
      zone: [
        { latitude: 56.94, longitude: 24.1 },
        { latitude: 56.96, longitude: 24.12 },
        { latitude: 56.94, longitude: 24.12 },
        { latitude: 56.96, longitude: 24.1 },
      ],
      field: "zone.2",
      code: "SELF_CROSSING",
    },
  ])("refuses $name (400 naming $field) and keeps the zone", async ({ zone, field, code }) => {
    const refused = await consoleCall(staff.manager, RIGA_ZONE, { zone });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: code, details: [{ field }] });
    expect(await deliveryCheck(PĀRDAUGAVA)).toBe("OK");
  });

  it("refuses a corner off the globe", async () => {
    const refused = await consoleCall(staff.manager, RIGA_ZONE, {
      zone: [...AROUND_THE_CENTRE, { latitude: 91, longitude: 24.1 }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe("zone.3.latitude");
  });

  it("makes the storefront refuse an address outside it from the next request, and is audited", async () => {
    // The storefront has read (and cached) Riga's params and the cart's address check before.
    const params = async () =>
      (await get(t.app, apiPath(endpoints.localities.params("riga")))).body.delivery.deliveryZone;
    expect(await params()).toHaveLength(rigaZone.length);
    const [kitchen] = await openRestaurants(t.app, 1);
    const dish = kitchen?.products.find(plain);
    const { cartId, cookie } = await newCart(t.app, null, { ...PĀRDAUGAVA, formattedAddress: "Pārdaugava" });
    await callEndpoint(t.app, endpoints.carts.addProduct(cartId), cookie, {
      vendorId: kitchen?.id,
      productId: dish?.id,
      count: 1,
    });
    const validate = async () =>
      (await callEndpoint(t.app, endpoints.carts.get(cartId), cookie)).body.validateCartResult
        .invalidLocation;
    expect(await validate()).toBe(false);

    const drawn = await consoleCall(staff.manager, RIGA_ZONE, {
      // A closing corner equal to the first, as a map's polygon may send it: dropped.
      zone: [...AROUND_THE_CENTRE, AROUND_THE_CENTRE[0]],
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.zone).toEqual(AROUND_THE_CENTRE);

    expect(await deliveryCheck(PĀRDAUGAVA)).toBe("INVALID_LOCATION");
    expect(await deliveryCheck(RIGA_POINT)).toBe("OK");
    expect(await validate()).toBe(true);
    expect(await params()).toHaveLength(3);

    const { body } = await consoleCall(staff.owner, consoleEndpoints.audit(5, null));
    expect(body.entries[0]).toMatchObject({
      action: "locality.zone",
      entity: "locality",
      staffName: "MANAGER manager@zones.example",
      before: { code: "riga", zone: rigaZone },
      after: { code: "riga", zone: AROUND_THE_CENTRE },
    });

    expect((await consoleCall(staff.manager, RIGA_ZONE, { zone: rigaZone })).status).toBe(200);
    expect(await deliveryCheck(PĀRDAUGAVA)).toBe("OK");
  });
});
