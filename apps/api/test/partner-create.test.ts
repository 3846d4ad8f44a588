import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localities, partnerHosts, partners } from "../src/db/schema.ts";
import { createPartner, type NewPartner } from "../src/partners/create-partner.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";
import { ensureWebBuild } from "./web-build.ts";

/** A new partner as `npm run partner:create` makes one, on a deployment serving the demo. */
let t: TestApp;

const BALTIC: NewPartner = {
  code: "baltic-bites",
  name: "Baltic Bites",
  host: "Shop.Baltic.Example",
  brandColour: "#7c3aed",
  supportEmail: "help@baltic.example",
  supportPhone: "+37060000000",
  city: {
    code: "vilnius",
    name: "Vilnius",
    lang: "en",
    currencyCode: "EUR",
    countryCode: "LT",
    timeZone: "Europe/Vilnius",
    center: { latitude: 54.6872, longitude: 25.2797 },
    radiusKm: 8,
  },
  owner: { email: "owner@baltic.example", name: "Rūta Kazlauskienė" },
  now: new Date(),
};

const inject = (host: string, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { host }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await startTestApp({ webBuildDir: await ensureWebBuild() });
});
afterAll(() => t.close());

describe("a partner made by the operator", () => {
  let ownerToken = "";
  beforeAll(async () => {
    ({ ownerToken } = await createPartner(t.database.db, BALTIC, t.app.services.catalogueInvalidations));
    // The demo keeps serving on a host of its own.
    const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
    await t.database.db
      .insert(partnerHosts)
      .values({ host: "shop.demo.example", partnerId: (demo as { id: number }).id });
    t.app.services.partnerHosts.forget();
  });

  it("has its own storefront on its host: its name and colour, its city, and an empty list until vendors come", async () => {
    const page = await inject("shop.baltic.example", "GET", "/en/vilnius");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Baltic Bites — Vilnius</title>");
    expect(page.body).toContain("--brand:#7c3aed");
    expect(page.body).toContain("No restaurants or stores deliver here yet");
    expect(page.body).not.toContain("Dostavka");
    // Its first page leads to its city.
    const home = await inject("shop.baltic.example", "GET", "/");
    expect([301, 302, 307, 308]).toContain(home.statusCode);
    expect(home.headers.location).toMatch(/\/vilnius$/);
    // The demo's host is still the demo's.
    expect((await inject("shop.demo.example", "GET", "/en/riga")).body).toContain("Dostavka");
  });

  it("delivers within a round zone around its centre, which the owner redraws later", async () => {
    const [city] = await t.database.db.select().from(localities).where(eq(localities.code, "vilnius"));
    expect(city?.deliveryZone).toHaveLength(12);
    const check = async (latitude: number, longitude: number) =>
      (
        await t.app.inject({
          method: "GET",
          url: apiPath(endpoints.deliveryCheck({ latitude, longitude })),
          headers: { "x-partner-code": "baltic-bites" },
        })
      ).json();
    expect(await check(54.6872, 25.2797)).toEqual({ status: "OK", localityCode: "vilnius" });
    // 7 km north is inside, 9 km north outside.
    expect(await check(54.75, 25.2797)).toMatchObject({ localityCode: "vilnius" });
    expect(await check(54.768, 25.2797)).toMatchObject({ localityCode: null });
  });

  it("has a first owner, who sets a password from the link and signs in on the partner's host", async () => {
    const set = await inject("shop.baltic.example", "POST", consolePath(consoleEndpoints.password()), {
      token: ownerToken,
      password: "a fresh owner password",
    });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await inject("shop.baltic.example", "POST", consolePath(consoleEndpoints.signIn()), {
      email: "owner@baltic.example",
      password: "a fresh owner password",
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ role: "OWNER", partner: { name: "Baltic Bites" } });
    // Not on the demo's host.
    const elsewhere = await inject("shop.demo.example", "POST", consolePath(consoleEndpoints.signIn()), {
      email: "owner@baltic.example",
      password: "a fresh owner password",
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it.each([
    [
      "its code",
      { code: "baltic-bites", host: "other.example", owner: { email: "x@x.example", name: "X" } },
      "code",
    ],
    [
      "its host",
      { code: "baltic-two", host: "shop.baltic.example", owner: { email: "y@y.example", name: "Y" } },
      "host",
    ],
    ["its owner's e-mail", { code: "baltic-three", host: "three.example", owner: BALTIC.owner }, "owner"],
  ])("refuses a partner that would take another's %s, and makes none of it", async (_what, change, field) => {
    const before = await t.database.db.select().from(partners);
    await expect(
      createPartner(t.database.db, { ...BALTIC, ...change }, t.app.services.catalogueInvalidations),
    ).rejects.toMatchObject({
      status: 409,
      extra: { details: [{ field }] },
    });
    expect(await t.database.db.select().from(partners)).toEqual(before);
  });
});
