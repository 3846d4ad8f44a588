import { type Endpoint, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO, get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const home = {
  name: "Home",
  apartmentNumber: "12",
  entrance: "2",
  floor: "4",
  intercom: "12K",
  comment: "Ring twice",
  location: {
    latitude: "56.9566",
    longitude: "24.1213",
    formattedAddress: "Brīvības iela 68, Rīga",
    addressComponents: {
      externalSource: "web_onde",
      street: "Brīvības iela",
      streetNumber: "68",
      locality: "Rīga",
      countryCode: "LV",
    },
  },
};

const call = (endpoint: Endpoint, cookie: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: endpoint.method,
    url: apiPath(endpoint),
    headers: { ...DEMO, cookie },
    ...(payload === undefined ? {} : { payload }),
  });

describe("addresses", () => {
  it("saves, lists, changes and deletes an address, with coordinates coerced to numbers", async () => {
    const { cookie } = await signInCustomer(t.app);
    const created = await call(endpoints.customer.addAddress(), cookie, home);
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const listed = await get(t.app, apiPath(endpoints.customer.addresses()), { cookie });
    expect(listed.body).toEqual([
      expect.objectContaining({
        id,
        name: "Home",
        apartmentNumber: "12",
        intercom: "12K",
        location: expect.objectContaining({
          latitude: 56.9566,
          longitude: 24.1213,
          formattedAddress: "Brīvības iela 68, Rīga",
        }),
      }),
    ]);
    expect(listed.body[0].location.addressComponents).toMatchObject({
      street: "Brīvības iela",
      countryCode: "LV",
    });

    expect(
      (await call(endpoints.customer.updateAddress(id), cookie, { ...home, name: "Work" })).statusCode,
    ).toBe(204);
    expect((await get(t.app, apiPath(endpoints.customer.addresses()), { cookie })).body[0].name).toBe("Work");
    expect((await call(endpoints.customer.deleteAddress(id), cookie)).statusCode).toBe(204);
    expect((await get(t.app, apiPath(endpoints.customer.addresses()), { cookie })).body).toEqual([]);
  });

  it("never lets one customer see, change or delete another's address", async () => {
    const anna = await signInCustomer(t.app);
    const janis = await signInCustomer(t.app);
    const { id } = (await call(endpoints.customer.addAddress(), anna.cookie, home)).json();
    expect(
      (await get(t.app, apiPath(endpoints.customer.addresses()), { cookie: janis.cookie })).body,
    ).toEqual([]);
    expect(
      (await call(endpoints.customer.updateAddress(id), janis.cookie, { ...home, name: "Mine now" }))
        .statusCode,
    ).toBe(404);
    expect((await call(endpoints.customer.deleteAddress(id), janis.cookie)).statusCode).toBe(404);
    expect(
      (await get(t.app, apiPath(endpoints.customer.addresses()), { cookie: anna.cookie })).body[0].name,
    ).toBe("Home");
  });

  it.each([
    [{ ...home, location: { ...home.location, latitude: "north" } }, "location.latitude"],
    [{ ...home, location: { ...home.location, longitude: 200 } }, "location.longitude"],
    [{ ...home, location: { longitude: 24 } }, "location.latitude"],
    [{ ...home, name: "x".repeat(101) }, "name"],
    [
      { ...home, location: { ...home.location, addressComponents: { externalSource: "elsewhere" } } },
      "location.addressComponents.externalSource",
    ],
  ])("refuses a bad address naming %#", async (payload, field) => {
    const { cookie } = await signInCustomer(t.app);
    const response = await call(endpoints.customer.addAddress(), cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it("asks for a session", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.customer.addresses()),
      headers: DEMO,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("reverse geocoding", () => {
  it("names the nearest known street of the locality", async () => {
    // The list's first vendor depends on the hour (open ones first): whichever it is, a point about
    // ten metres from it is nearest its own street.
    const { body: vendors } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=1")));
    const vendor = vendors.content[0];
    const { status, body } = await get(
      t.app,
      apiPath(
        endpoints.geocoding.reverse({ latitude: vendor.latitude + 0.0001, longitude: vendor.longitude }),
      ),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      shortAddress: vendor.street,
      addressComponents: { locality: vendor.city, countryCode: "LV" },
    });
  });

  it("knows nothing far from every street", async () => {
    expect(
      (await get(t.app, apiPath(endpoints.geocoding.reverse({ latitude: 0, longitude: 0 })))).status,
    ).toBe(404);
  });
});
