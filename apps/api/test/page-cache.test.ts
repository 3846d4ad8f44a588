import { createHash } from "node:crypto";
import { type AddressInfo, connect, type Socket } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { parseMetrics } from "./metrics-text.ts";
import { apiPath } from "./paths.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * The storefront's pages kept for visitors without a session or a cart (plugins/page-cache.ts):
 * served again to everyone like them, and never once what they show has changed.
 */

// Monday 23 November 2026 in Riga (UTC+2), early in a minute.
let now = new Date("2026-11-23T14:00:05+02:00");
let t: TestApp;
let manager = "";
let vendor: { id: number; name: string };
let product: { id: number; name: string; price: number };

beforeAll(async () => {
  t = await startTestApp({
    clock: () => now,
    webBuildDir: await ensureWebBuild(),
    metricsWithoutToken: true,
  });
  manager = await staffSession(t, "MANAGER", "manager@page-cache.example");
  vendor = (await get(t.app, apiPath(endpoints.localities.vendors("riga", "")))).body.content[0];
  const menu = (
    await get(t.app, apiPath(endpoints.vendors.catalogue(vendor.id)), { "Accept-Language": "en" })
  ).body;
  product = menu.sections[0].products[0];
});
afterAll(() => t.close());

/** A page as a visitor with only a language cookie (or the cookies given) asks for it. */
const view = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { cookie: "locale=en", ...headers } });

const vendorPage = () => `/en/riga/vendor/${vendor.id}`;

/** The operator's count of anonymous page requests served kept (hit) or rendered (miss). */
async function pageCacheReads() {
  const metrics = parseMetrics((await t.app.inject({ method: "GET", url: "/metrics" })).body);
  const reads = (outcome: string) => metrics.value("storefront_page_cache_reads_total", { outcome }) ?? 0;
  return { hits: reads("hit"), misses: reads("miss") };
}

/** The sources of the page's policy for scripts, and the SHA-256 of each inline script it holds. */
function scriptsOf(page: LightMyRequestResponse) {
  const policy = String(page.headers["content-security-policy"]);
  const sources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
  const inline = [...page.body.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !attributes.includes(" src="))
    .map(([, , text = ""]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
  return { sources, inline };
}

/** A page viewed until it is the kept one (the first view of a page keeps it), then viewed kept. */
async function keptView(url: string): Promise<LightMyRequestResponse> {
  await view(url);
  const kept = await view(url);
  expect(kept.headers["x-page-cache"], url).toBe("hit");
  return kept;
}

describe("a page kept for anonymous visitors", () => {
  it("is served again, the same page, its own inline scripts allowed by their hashes", async () => {
    const counted = await pageCacheReads();
    const first = await view(vendorPage());
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    const second = await view(vendorPage());
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toContain(product.name);
    expect(second.body).toBe(first.body);
    // Rendered, the page's scripts run by its nonce; kept, by their hashes: every one, and no nonce.
    expect(scriptsOf(first).sources.some((source) => source.startsWith("'nonce-"))).toBe(true);
    const kept = scriptsOf(second);
    expect(kept.inline.length).toBeGreaterThan(2);
    expect(kept.sources.filter((source) => source.startsWith("'nonce-"))).toEqual([]);
    for (const hash of kept.inline) expect(kept.sources).toContain(hash);
    expect(await pageCacheReads()).toEqual({ hits: counted.hits + 1, misses: counted.misses + 1 });
  });

  it("is compressed once for all who accept Brotli or gzip", async () => {
    const plain = await keptView(vendorPage());
    const br = await view(vendorPage(), { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString("utf8")).toBe(plain.body);
    const gzipped = await view(vendorPage(), { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString("utf8")).toBe(plain.body);
    expect(br.headers.vary).toContain("Accept-Encoding");
  });

  it("is rendered once for visitors who ask for it together", async () => {
    now = new Date(now.getTime() + 60_000);
    const counted = await pageCacheReads();
    const pages = await Promise.all([1, 2, 3, 4].map(() => view(vendorPage())));
    expect(pages.map((page) => page.headers["x-page-cache"]).sort()).toEqual(["hit", "hit", "hit", "miss"]);
    expect(await pageCacheReads()).toEqual({ hits: counted.hits + 3, misses: counted.misses + 1 });
  });

  it("is answered to the next visitors after some left while waiting for another's render of it", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    // The app closes after the file's tests without waiting for these connections to end.
    onTestFinished(() => t.app.server.closeAllConnections());
    const { port } = t.app.server.address() as AddressInfo;
    // A page not kept (an unknown vendor's, 404): each visitor's render waits for the one before.
    const unknown = "/en/riga/vendor/987654321";
    const visit = () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => {
          socket.write(`GET ${unknown} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: locale=en\r\n\r\n`);
          resolve(socket);
        });
      });
    // Answered once what was sent before it has been read: the server has heard those visitors.
    const heard = () => fetch(`http://127.0.0.1:${port}/api/no-such-route`).then((answer) => answer.text());
    // The vendors are locked while the first visitor's page is rendered: it waits, and so do those
    // who ask after it, for its render.
    let unlock = () => {};
    const unlocked = new Promise<void>((resolve) => {
      unlock = resolve;
    });
    let locked = () => {};
    const locking = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const lock = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table vendors in access exclusive mode`);
      locked();
      await unlocked;
    });
    await locking;
    const first = await visit();
    const firstAnswer = new Promise<string>((resolve) => {
      let text = "";
      first.on("data", (chunk: Buffer) => {
        text += chunk.toString("latin1");
        if (text.includes("\r\n0\r\n\r\n")) resolve(text);
      });
    });
    await heard();
    const leaving = await Promise.all([1, 2, 3].map(visit));
    await heard();
    for (const socket of leaving) socket.destroy();
    await heard();
    unlock();
    await lock;
    expect(await firstAnswer).toMatch(/^HTTP\/1.1 404/);
    first.destroy();
    // Before, the page of a visitor who left while waiting was marked under way for good: every
    // later visitor of it waited for ever.
    const next = await fetch(`http://127.0.0.1:${port}${unknown}`, { headers: { cookie: "locale=en" } });
    expect(next.status).toBe(404);
  });

  it("answers a browser or a CDN holding it with 304", async () => {
    const kept = await keptView(vendorPage());
    expect(kept.headers["cache-control"]).toBe("public, no-cache");
    expect(kept.headers.vary).toContain("Cookie");
    const etag = String(kept.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await view(vendorPage(), { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await view(vendorPage(), { "if-none-match": 'W/"other"' })).statusCode).toBe(200);
  });

  it.each([
    { who: "a signed-in customer", cookie: "session=s1" },
    { who: "a visitor with a cart", cookie: "visitor=v1" },
    { who: "a visitor with an address", cookie: "lastAddressId=12" },
  ])("is never what $who gets: their page is rendered for them", async ({ cookie }) => {
    await keptView(vendorPage());
    const theirs = await view(vendorPage(), { cookie: `locale=en; ${cookie}` });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers["x-page-cache"]).toBeUndefined();
    expect(theirs.headers.etag).toBeUndefined();
  });

  it("is rendered again in the next minute: it shows opening status and times to the minute", async () => {
    await keptView(vendorPage());
    now = new Date(now.getTime() + 60_000);
    expect((await view(vendorPage())).headers["x-page-cache"]).toBe("miss");
    expect((await view(vendorPage())).headers["x-page-cache"]).toBe("hit");
  });
});

describe("a console change on the next anonymous view", () => {
  it("shows a product's new price", async () => {
    await keptView(vendorPage());
    const newPrice = product.price + 1.25;
    const changed = await consoleEndpointCall(t, manager, consoleEndpoints.changeProduct(product.id), {
      price: newPrice,
      discountPrice: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const next = await view(vendorPage());
    expect(next.body).toContain(`€${newPrice.toFixed(2)}`);
    expect(next.headers["x-page-cache"]).toBe("miss");
  });

  it("shows a product's new price in the data of a move to its vendor's page", async () => {
    // What the page's client fetches when the visitor comes to it from another page of the store.
    const data = `${vendorPage()}.data`;
    const kept = await keptView(data);
    expect(kept.headers["content-type"]).toContain("text/x-script");
    const newPrice = Number((product.price + 2.75).toFixed(2));
    const changed = await consoleEndpointCall(t, manager, consoleEndpoints.changeProduct(product.id), {
      price: newPrice,
      discountPrice: null,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const next = await view(data);
    expect(next.headers["x-page-cache"]).toBe("miss");
    expect(next.body).toContain(String(newPrice));
    expect(kept.body).not.toContain(String(newPrice));
  });

  it("shows a vendor's new opening hours", async () => {
    await keptView(vendorPage());
    const workingHours = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"].map(
      (day) => ({ day, from: "06:45", until: "23:15" }),
    );
    const changed = await consoleEndpointCall(t, manager, consoleEndpoints.updateVendor(vendor.id), {
      workingHours,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const next = await view(vendorPage());
    expect(next.body).toContain("06:45");
    expect(next.headers["x-page-cache"]).toBe("miss");
  });

  it("shows a banner's new title on the city's page", async () => {
    const banners = await consoleEndpointCall(t, manager, consoleEndpoints.banners("riga"));
    const banner = banners.body.banners?.[0] ?? banners.body[0];
    await keptView("/en/riga");
    const saved = await consoleEndpointCall(t, manager, consoleEndpoints.saveBanner(banner.id), {
      title: { en: "Pancakes all day" },
      vendorId: banner.vendorId ?? null,
      url: banner.url ?? null,
      visible: true,
      sort: 0,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const next = await view("/en/riga");
    expect(next.body).toContain("Pancakes all day");
    expect(next.headers["x-page-cache"]).toBe("miss");
  });

  it("shows a content page's new text", async () => {
    const pages = await consoleEndpointCall(t, manager, consoleEndpoints.pages());
    const about = pages.body.pages.find((one: { slug: string }) => one.slug === "about");
    await keptView("/en/cms/about");
    const saved = await consoleEndpointCall(t, manager, consoleEndpoints.savePage(about.id), {
      slug: "about",
      title: { en: "About us" },
      body: { en: "<p>Open since 1998.</p>" },
      visible: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const next = await view("/en/cms/about");
    expect(next.body).toContain("Open since 1998.");
    expect(next.headers["x-page-cache"]).toBe("miss");
  });
});
