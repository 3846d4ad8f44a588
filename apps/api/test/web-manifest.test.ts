import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.ts";
import { ensureWebBuild } from "./web-build.ts";

/** Each brand installs to a phone's home screen under its own name, icon and colour. */
let t: TestApp;

const page = (host: string, url: string) => t.app.inject({ method: "GET", url, headers: { host } });

beforeAll(async () => {
  t = await startTestApp({ webBuildDir: await ensureWebBuild() });
});
afterAll(() => t.close());

describe("the web app manifest", () => {
  it.each([
    ["the demo's", "localhost", "Dostavka", "#f97316", "demo"],
    ["Verde's", "verde.localhost", "Verde", "#15803d", "verde"],
  ])("is %s on its host: its name, colour and icons", async (_, host, name, colour, code) => {
    const answer = await page(host, "/manifest.webmanifest");
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    const manifest = answer.json();
    expect(manifest).toMatchObject({ name, theme_color: colour, display: "standalone", start_url: "/en" });
    expect(
      manifest.icons.map((icon: { src: string; sizes: string }) => [icon.src.split("?")[0], icon.sizes]),
    ).toEqual([
      [`/api/partners/${code}/icon-192.png`, "192x192"],
      [`/api/partners/${code}/icon-512.png`, "512x512"],
    ]);
    for (const icon of manifest.icons) expect((await page(host, icon.src)).statusCode).toBe(200);
  });

  it.each([
    ["localhost", "demo"],
    ["verde.localhost", "verde"],
  ])("gives %s's partner icon to a browser asking for /favicon.ico", async (host, code) => {
    const answer = await page(host, "/favicon.ico");
    expect(answer.statusCode).toBe(302);
    const icon = answer.headers.location as string;
    expect(icon).toMatch(new RegExp(`^/api/partners/${code}/icon-192\\.png\\?v=`));
    const picture = await page(host, icon);
    expect([picture.statusCode, picture.headers["content-type"]]).toEqual([200, "image/png"]);
  });

  it("is linked from the storefront's pages, with the brand's colour for the browser's bar", async () => {
    const html = (await page("verde.localhost", "/en/lisboa")).body;
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
    expect(html).toContain('<meta name="theme-color" content="#15803d"/>');
  });
});
