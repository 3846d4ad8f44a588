import { adminEndpoints, consoleEndpoints, devEndpoints, type Endpoint } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_PASSWORD } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { adminPath, consolePath, devPath } from "./paths.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * The super-admin lists the deployment's partners and onboards one with its brand, host, city and
 * owner, whose invitation arrives by e-mail; the new storefront answers on its host at once.
 */
const KEY = "super-admin-key-of-this-test-0123456789";
let t: TestApp;

const NEW_PARTNER = {
  code: "nordic-eats",
  name: "Nordic Eats",
  host: "Shop.Nordic.Example",
  brandColour: "#1d4ed8",
  supportEmail: "help@nordic.example",
  supportPhone: "+3726000000",
  city: {
    code: "tallinn",
    name: "Tallinn",
    lang: "en",
    currencyCode: "eur",
    countryCode: "ee",
    timeZone: "Europe/Tallinn",
    center: { latitude: 59.437, longitude: 24.7536 },
    radiusKm: 6,
  },
  owner: { email: "owner@nordic.example", name: "Kadri Tamm" },
};

const admin = (endpoint: Endpoint, payload?: object, authorization = `Bearer ${KEY}`) =>
  t.app.inject({
    method: endpoint.method,
    url: adminPath(endpoint),
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await startTestApp({ superAdminKey: KEY, webBuildDir: await ensureWebBuild() });
});
afterAll(() => t.close());

describe("the super-admin's partners", () => {
  it("are listed with their hosts, address, cities and vendors, only with the key", async () => {
    expect((await admin(adminEndpoints.partners(), undefined, "")).statusCode).toBe(401);
    expect((await admin(adminEndpoints.partners(), undefined, "Bearer wrong")).statusCode).toBe(401);
    const listed = await admin(adminEndpoints.partners());
    expect(listed.statusCode).toBe(200);
    const { partners } = listed.json();
    expect(partners).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: "demo", status: "ACTIVE", cities: 3 }),
        expect.objectContaining({
          code: "verde",
          name: "Verde Demo",
          hosts: ["verde.localhost"],
          address: expect.stringContaining("verde.localhost"),
          cities: 1,
          vendors: 6,
        }),
      ]),
    );
  });

  it("take a new partner whose owner is invited by e-mail and whose storefront answers on its host", async () => {
    const made = await admin(adminEndpoints.addPartner(), NEW_PARTNER);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      code: "nordic-eats",
      name: "Nordic Eats",
      status: "ACTIVE",
      type: "PROD",
      hosts: ["shop.nordic.example"],
      address: expect.stringContaining("shop.nordic.example"),
      cities: 1,
      vendors: 0,
    });

    const page = await t.app.inject({
      method: "GET",
      url: "/en/tallinn",
      headers: { host: "shop.nordic.example" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Nordic Eats");

    // The owner's invitation, in the city's language, leads to the partner's own host.
    const outbox = (
      await t.app.inject({ method: "GET", url: devPath(devEndpoints.outbox({ to: "owner@nordic.example" })) })
    ).json();
    const mail = outbox.find((entry: { subject?: string }) => entry.subject?.includes("Nordic Eats"));
    expect(mail?.subject).toBe("Your access to the Nordic Eats console");
    const link = /http:\/\/shop\.nordic\.example\S*\/console\/en\/password\?token=([\w-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const set = await t.app.inject({
      method: "POST",
      url: consolePath(consoleEndpoints.password()),
      payload: { token: link?.[1], password: STAFF_PASSWORD },
    });
    expect(set.statusCode, set.body).toBeLessThan(300);
    const signIn = await t.app.inject({
      method: "POST",
      url: consolePath(consoleEndpoints.signIn()),
      headers: { host: "shop.nordic.example" },
      payload: { email: "owner@nordic.example", password: STAFF_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("suspend a partner without a page of its own: its storefront says the service is paused, with a 423", async () => {
    const status = (value: string) =>
      t.app.inject({
        method: "PUT",
        url: adminPath(adminEndpoints.partnerStatus("nordic-eats")),
        headers: { authorization: `Bearer ${KEY}` },
        payload: { status: value },
      });
    expect((await status("SUSPENDED")).statusCode).toBe(200);
    const paused = await t.app.inject({
      method: "GET",
      url: "/en/tallinn",
      headers: { host: "shop.nordic.example" },
    });
    expect(paused.statusCode).toBe(423);
    expect(paused.body).toContain("This service is paused");
    const listed = (await admin(adminEndpoints.partners())).json().partners;
    expect(listed.find((one: { code: string }) => one.code === "nordic-eats").status).toBe("SUSPENDED");
    expect((await status("ACTIVE")).statusCode).toBe(200);
    const back = await t.app.inject({
      method: "GET",
      url: "/en/tallinn",
      headers: { host: "shop.nordic.example" },
    });
    expect(back.statusCode).toBe(200);
  });

  it.each([
    ["a code with capitals", { code: "Nordic" }, "code"],
    ["a host that is an address", { host: "https://shop.example/" }, "host"],
    ["a colour that is none", { brandColour: "blue" }, "brandColour"],
    ["an unknown time zone", { city: { ...NEW_PARTNER.city, timeZone: "Europe/Atlantis" } }, "city.timeZone"],
    ["an unknown currency", { city: { ...NEW_PARTNER.city, currencyCode: "XXY" } }, "city.currencyCode"],
    ["an owner without an e-mail", { owner: { email: "kadri", name: "Kadri" } }, "owner.email"],
  ])("refuse %s with a 400 naming the field", async (_, change, field) => {
    const refused = await admin(adminEndpoints.addPartner(), {
      ...NEW_PARTNER,
      code: "other-one",
      ...change,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details?.[0]?.field).toBe(field);
  });

  it.each([
    ["its code", { host: "two.example", owner: { email: "a@two.example", name: "A" } }, "code"],
    ["its host", { code: "nordic-two", owner: { email: "b@two.example", name: "B" } }, "host"],
    ["its owner's e-mail", { code: "nordic-three", host: "three.example" }, "owner"],
  ])("refuse a partner that would take another's %s", async (_, change, field) => {
    const refused = await admin(adminEndpoints.addPartner(), { ...NEW_PARTNER, ...change });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details?.[0]?.field).toBe(field);
  });
});
