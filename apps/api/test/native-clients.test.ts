import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callEndpoint, newCart, openRestaurants, plain } from "./cart-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";

/** Monday 14:00 in Riga: most vendors are open. */
const NOW = new Date("2026-11-23T12:00:00Z");
const RIGA = { latitude: 56.9496, longitude: 24.1052 };
const NATIVE = { "x-platform": "android" };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: NOW, appOrigins: ["http://127.0.0.1:4112"] });
});
afterAll(() => t.close());

function preflight(origin: string, headers = "x-partner-code,authorization,x-platform,x-visitor-token") {
  return t.app.inject({
    method: "OPTIONS",
    url: apiPath(endpoints.customer.me()),
    headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": headers },
  });
}

describe("the native app's bundle, calling the API from its own origin", () => {
  it("may call with its bearer token, platform and visitor token from the app's origins only", async () => {
    for (const origin of ["capacitor://localhost", "https://localhost", "http://127.0.0.1:4112"]) {
      const answer = await preflight(origin);
      expect(answer.statusCode, origin).toBe(204);
      expect(answer.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(answer.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
      expect(String(answer.headers["access-control-allow-headers"]).toLowerCase()).toContain(
        "x-visitor-token",
      );
      // No cookie goes with these calls: a page of another site gets nothing by borrowing them.
      expect(answer.headers["access-control-allow-credentials"]).toBeUndefined();
    }
    const stranger = await preflight("https://evil.example");
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
    const got = await t.app.inject({
      method: "GET",
      url: apiPath(endpoints.localities.list()),
      headers: { "x-partner-code": "demo", origin: "https://evil.example" },
    });
    expect(got.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("gets an anonymous cart's visitor token in the answer and owns the cart by sending it back", async () => {
    const created = await callEndpoint(
      t.app,
      endpoints.carts.create(),
      null,
      { localityCode: "riga", location: RIGA },
      NATIVE,
    );
    expect(created.status).toBe(201);
    const visitor = created.body.visitorToken as string;
    expect(visitor).toMatch(/^[\w-]{40,}$/);
    const cartId = created.body.cartId as string;
    const mine = await callEndpoint(t.app, endpoints.carts.get(cartId), null, undefined, {
      ...NATIVE,
      "x-visitor-token": visitor,
    });
    expect(mine.status).toBe(200);
    // Without it, or with another visitor's, the cart is no one's to see.
    expect((await callEndpoint(t.app, endpoints.carts.get(cartId), null, undefined, NATIVE)).status).toBe(
      404,
    );
    const other = "x".repeat(43);
    const theirs = await callEndpoint(t.app, endpoints.carts.get(cartId), null, undefined, {
      "x-visitor-token": other,
    });
    expect(theirs.status).toBe(404);

    // The token is the visitor cookie's value: a cart it owns fills as the web's does.
    const [vendor] = await openRestaurants(t.app, 1);
    const dish = vendor?.products.find(plain);
    if (!vendor || !dish) throw new Error("no open restaurant with a plain dish");
    const added = await callEndpoint(
      t.app,
      endpoints.carts.addProduct(cartId),
      null,
      { vendorId: vendor.id, productId: dish.id, count: 1 },
      { ...NATIVE, "x-visitor-token": visitor },
    );
    expect(added.status).toBe(200);
  });

  it("gives the web its cookie alone, and the app no second token once it has one", async () => {
    const web = await newCart(t.app);
    expect(web.cookie).toMatch(/^visitor=/);
    const webAnswer = await callEndpoint(t.app, endpoints.carts.get(web.cartId), web.cookie);
    expect(webAnswer.body.visitorToken).toBeUndefined();
    const first = await callEndpoint(
      t.app,
      endpoints.carts.create(),
      null,
      { localityCode: "riga", location: RIGA },
      NATIVE,
    );
    const again = await callEndpoint(
      t.app,
      endpoints.carts.create(),
      null,
      { localityCode: "riga", location: RIGA },
      { ...NATIVE, "x-visitor-token": first.body.visitorToken },
    );
    expect(again.status).toBe(201);
    expect(again.body.visitorToken).toBeUndefined();
  });
});
