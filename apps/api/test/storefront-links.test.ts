import { Readable } from "node:stream";
import { endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_BODY_LIMIT } from "../src/plugins/web-host.ts";
import { SECOND_BRAND_HOST } from "../src/seed/second-brand.ts";
import { get, signInCustomer, startTestApp, type TestApp } from "./harness.ts";
import { apiPath } from "./paths.ts";
import { ensureWebBuild } from "./web-build.ts";

/** The deployment's own address: the demo partner records no host, so it is served on any other. */
const SHOP = "https://shop.example";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ publicUrl: SHOP, webBuildDir: await ensureWebBuild() });
});
afterAll(() => t.close());

/** A storefront page asked for with the given Host, and the social preview it links. */
async function pageAt(host: string, city = "riga") {
  const answer = await t.app.inject({ method: "GET", url: `/en/${city}`, headers: { host } });
  expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
  const image = answer.body.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  return { body: answer.body, image };
}

/** A vendor the demo lists in Riga. */
async function firstVendorOfRiga(): Promise<{ id: number }> {
  const { body } = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=1")));
  return body.content[0];
}

describe("the storefront's absolute links", () => {
  it("are built on PUBLIC_URL, never on a Host the request made up", async () => {
    const forged = await pageAt("attacker.example");
    expect(forged.image).toMatch(new RegExp(`^${SHOP}/`));
    // Nowhere in the page: not in its meta, not in the data the share link is built from.
    expect(forged.body).not.toContain("attacker.example");
  });

  it("name a public page's one address and its other languages, for search engines", async () => {
    const vendor = await firstVendorOfRiga();
    const pages = [
      ["/lv/riga?sort=rating&modal=Cart", "/riga"],
      [`/lv/riga/vendor/${vendor.id}/reviews?modal=ProductModal&product=1`, `/riga/vendor/${vendor.id}`],
    ];
    for (const [url, path] of pages) {
      const answer = await t.app.inject({ method: "GET", url, headers: { host: "shop.example" } });
      const links = String(answer.headers.link).split(", ");
      expect(links[0], url).toBe(`<${SHOP}/lv${path}>; rel="canonical"`);
      expect(links.slice(1), url).toContain(`<${SHOP}/ar${path}>; rel="alternate"; hreflang="ar"`);
      expect(links, url).toHaveLength(13);
    }
    // A visitor's own cart is not for listing.
    const cart = await t.app.inject({ method: "GET", url: "/lv/cart", headers: { host: "shop.example" } });
    expect([cart.headers["x-robots-tag"], cart.headers.link]).toEqual(["noindex", undefined]);
  });

  it("list the partner's public pages in every language for crawlers, and none of another partner's", async () => {
    const robots = await t.app.inject({
      method: "GET",
      url: "/robots.txt",
      headers: { host: "shop.example" },
    });
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toContain("Disallow: /console/\n");
    expect(robots.body).toContain(`Sitemap: ${SHOP}/sitemap.xml`);

    const sitemap = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: "shop.example" },
    });
    expect(sitemap.headers["content-type"]).toMatch(/^application\/xml/);
    const addresses = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address ?? "");
    const vendor = await firstVendorOfRiga();
    expect(addresses).toEqual(
      expect.arrayContaining([
        `${SHOP}/lv/riga`,
        `${SHOP}/ar/riga/vendor/${vendor.id}`,
        `${SHOP}/uk/support`,
        `${SHOP}/en/cms/about`,
      ]),
    );
    expect(addresses.length % 11).toBe(0);
    expect(addresses.some((address) => address.includes("/lisboa"))).toBe(false);

    const own = await t.app.inject({
      method: "GET",
      url: "/sitemap.xml",
      headers: { host: SECOND_BRAND_HOST },
    });
    const theirs = [...own.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, address]) => address ?? "");
    expect(theirs).toContain(`https://${SECOND_BRAND_HOST}/pt/lisboa`);
    expect(theirs.some((address) => address.includes("/riga"))).toBe(false);
  });

  it("are built on the partner's recorded host when the page is asked for there", async () => {
    const own = await pageAt(SECOND_BRAND_HOST, "lisboa");
    expect(own.image).toMatch(new RegExp(`^https://${SECOND_BRAND_HOST}/`));
  });
});

describe("a body sent to the storefront's pages", () => {
  const host = "shop.example";

  it("reaches the page's action when it is a form's size", async () => {
    const address = await t.app.inject({
      method: "POST",
      url: "/en/address",
      headers: { host, "content-type": "application/x-www-form-urlencoded" },
      payload: "intent=temporary&latitude=56.95&longitude=24.1&returnTo=%2Fen%2Friga",
    });
    expect([address.statusCode, address.headers.location]).toEqual([302, "/en/riga"]);
    expect(String(address.headers["set-cookie"])).toContain("temporary");

    const report = await t.app.inject({
      method: "POST",
      url: "/client-errors",
      headers: { host, "content-type": "application/json" },
      payload: JSON.stringify({ message: "the tracking socket closed", what: "tracking" }),
    });
    expect(report.statusCode).toBe(204);
  });

  it("is refused with 400, not 500, when a form's page is sent something else than a form", async () => {
    // The saved cards' page is a signed-in customer's; the address choice is anyone's.
    const { cookie } = await signInCustomer(t.app);
    for (const url of ["/en/address", "/en/menu/cards"]) {
      for (const [type, payload] of [
        ["application/json", '{"intent":"temporary"}'],
        ["text/plain", "hello"],
        ["multipart/form-data", "garbage"],
      ]) {
        const answer = await t.app.inject({
          method: "POST",
          url,
          headers: { host, cookie, "content-type": type },
          payload,
        });
        expect([url, type, answer.statusCode]).toEqual([url, type, 400]);
      }
    }
  });

  it("is refused with 413 past 64 KiB, with or without its length announced, before any page reads it", async () => {
    const large = JSON.stringify({ message: "x".repeat(PAGE_BODY_LIMIT) });
    const announced = await t.app.inject({
      method: "POST",
      url: "/client-errors",
      headers: { host, "content-type": "application/json" },
      payload: large,
    });
    expect(announced.statusCode).toBe(413);

    // Streamed in pieces with no Content-Length, to a page that has no action: counted as it comes.
    const streamed = await t.app.inject({
      method: "POST",
      url: "/en/riga",
      headers: { host, "content-type": "application/x-www-form-urlencoded" },
      payload: Readable.from(Array.from({ length: 20 }, () => Buffer.alloc(16 * 1024, "a"))),
    });
    expect(streamed.statusCode).toBe(413);
  });
});

describe("the visitor's cookies, changed before they came back", () => {
  it("are read as no address, and the page is shown, not a 500", async () => {
    const address = (value: unknown) =>
      Buffer.from(encodeURIComponent(JSON.stringify(value))).toString("base64");
    for (const cookie of [
      "temporaryAddress=!!!",
      `temporaryAddress=${address({ latitude: "x", longitude: null })}`,
      `lastAddressId=${address({ id: 1 })}`,
    ]) {
      const page = await t.app.inject({
        method: "GET",
        url: "/en/riga",
        headers: { host: "shop.example", cookie },
      });
      expect([cookie, page.statusCode]).toEqual([cookie, 200]);
    }
  });
});

describe("the browsers' failure reports", () => {
  it("are passed on up to 60 a minute in a process; the rest get 429 and are only counted", async () => {
    const report = () =>
      t.app.inject({
        method: "POST",
        url: "/client-errors",
        headers: { host: "shop.example", "content-type": "application/json" },
        payload: JSON.stringify({ message: "a flood", what: "test" }),
      });
    let passed = 0;
    let answer = await report();
    while (answer.statusCode === 204 && passed < 100) {
      passed += 1;
      answer = await report();
    }
    // The test above sent one this minute, unless it ran alone.
    expect(passed).toBeGreaterThanOrEqual(59);
    expect(passed).toBeLessThanOrEqual(60);
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("a post to a page from another site's page", () => {
  const choice = "intent=temporary&latitude=56.95&longitude=24.1&returnTo=%2Fen%2Friga";
  const postFrom = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/en/address",
      headers: { host: "shop.example", "content-type": "application/x-www-form-urlencoded", ...headers },
      payload: choice,
    });

  it("is refused before its action sets anything; the shop's own form posts", async () => {
    const forged = await postFrom({ "sec-fetch-site": "cross-site", origin: "https://attacker.example" });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["set-cookie"]).toBeUndefined();
    // A browser without Sec-Fetch-Site is judged by its Origin.
    expect((await postFrom({ origin: "https://attacker.example" })).statusCode).toBe(403);

    const own = await postFrom({ "sec-fetch-site": "same-origin", origin: SHOP });
    expect(own.statusCode).toBe(302);
    expect(String(own.headers["set-cookie"])).toContain("temporary");
  });
});
