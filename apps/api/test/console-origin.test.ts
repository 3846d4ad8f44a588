import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";

/** Where an operator serves the console apart from the API: a sibling of the API's host. */
const CONSOLE = "https://console.shop.example";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-23T12:00:00Z"), consoleOrigins: [CONSOLE] });
});
afterAll(() => t.close());

function preflight(origin: string, url = consolePath(consoleEndpoints.addPromoCode()), method = "POST") {
  return t.app.inject({
    method: "OPTIONS",
    url,
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "content-type",
    },
  });
}

describe("a console served from an origin of its own", () => {
  it("may call the console's API with the member's cookie, and no other origin may", async () => {
    const allowed = await preflight(CONSOLE);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe(CONSOLE);
    expect(allowed.headers["access-control-allow-credentials"]).toBe("true");
    expect(String(allowed.headers["access-control-allow-methods"])).toContain("PATCH");

    const stranger = await preflight("https://evil.example");
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
    expect(stranger.headers["access-control-allow-credentials"]).toBeUndefined();

    const manager = await staffSession(t, "MANAGER", "manager@origin.example");
    const read = await t.app.inject({
      method: consoleEndpoints.me().method,
      url: consolePath(consoleEndpoints.me()),
      headers: { origin: CONSOLE, cookie: manager },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBe(CONSOLE);
    expect(read.headers["access-control-allow-credentials"]).toBe("true");
    expect(read.json()).toMatchObject({ role: "MANAGER" });
  });

  it("opens the customers' API to it no more than to anyone: no cookie goes there", async () => {
    const storefront = await preflight(
      CONSOLE,
      apiPath(endpoints.customer.me()),
      endpoints.customer.me().method,
    );
    expect(storefront.headers["access-control-allow-credentials"]).toBeUndefined();
    expect(storefront.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lets it open the live board, and refuses another site's page", async () => {
    const manager = await staffSession(t, "MANAGER", "live@origin.example");
    const upgrade = (origin: string) =>
      t.app.inject({
        method: consoleEndpoints.live().method,
        url: consolePath(consoleEndpoints.live()),
        headers: { origin, cookie: manager, connection: "upgrade", upgrade: "websocket" },
      });
    expect((await upgrade("https://evil.example")).statusCode).toBe(403);
    // Past the origin check: without a real socket the upgrade goes no further than the handshake.
    expect((await upgrade(CONSOLE)).statusCode).not.toBe(403);
  });
});

describe("CONSOLE_ORIGINS", () => {
  it("takes origins separated by spaces, none by default, and refuses anything else", () => {
    expect(loadConfig({}).consoleOrigins).toEqual([]);
    expect(
      loadConfig({ CONSOLE_ORIGINS: `${CONSOLE} https://console2.shop.example` }).consoleOrigins,
    ).toEqual([CONSOLE, "https://console2.shop.example"]);
    expect(() => loadConfig({ CONSOLE_ORIGINS: "console.shop.example/path" })).toThrow(/CONSOLE_ORIGINS/);
  });
});
