import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECOND_BRAND_HOST } from "../src/seed/second-brand.ts";
import { startTestApp, type TestApp } from "./harness.ts";
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

describe("the storefront's absolute links", () => {
  it("are built on PUBLIC_URL, never on a Host the request made up", async () => {
    const forged = await pageAt("attacker.example");
    expect(forged.image).toMatch(new RegExp(`^${SHOP}/`));
    // Nowhere in the page: not in its meta, not in the data the share link is built from.
    expect(forged.body).not.toContain("attacker.example");
  });

  it("are built on the partner's recorded host when the page is asked for there", async () => {
    const own = await pageAt(SECOND_BRAND_HOST, "lisboa");
    expect(own.image).toMatch(new RegExp(`^https://${SECOND_BRAND_HOST}/`));
  });
});
