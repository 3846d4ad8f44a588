import { consoleEndpoints, type Endpoint, endpoints } from "@storefront/domain/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";

let t: TestApp;
const staff = { owner: "", manager: "", dispatcher: "" };

/** A picture as a designer exports it: a PNG of a size and colour. */
const picture = (width: number, height: number, colour = "#b45309") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const upload = async (cookie: string, endpoint: Endpoint, width = 1200, height = 600) =>
  t.app.inject({
    method: endpoint.method,
    url: consolePath(endpoint),
    headers: { cookie, "content-type": "image/png" },
    payload: await picture(width, height),
  });

/** What the storefront shows of Riga's banners, in English. */
const shown = async () =>
  (await get(t.app, apiPath(endpoints.localities.banners("riga")), { "accept-language": "en" }))
    .body as Array<{
    id: number;
    title: string;
    image: unknown;
    vendorId: number | null;
    url: string | null;
  }>;

let rigaVendor = 0;
let kyivVendor = 0;

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z") });
  staff.owner = await staffSession(t, "OWNER", "owner@banners.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@banners.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@banners.example");
  rigaVendor = (await get(t.app, apiPath(endpoints.localities.vendors("riga", "")))).body.content[0].id;
  kyivVendor = (await get(t.app, apiPath(endpoints.localities.vendors("kyiv", "")))).body.content[0].id;
});
afterAll(() => t.close());

describe("a city's banners in the console", () => {
  let id = 0;
  const write = (change: Record<string, unknown>) =>
    consoleEndpointCall(t, staff.manager, consoleEndpoints.saveBanner(id), {
      title: { en: "Pancakes all day", lv: "Pankūkas visu dienu" },
      vendorId: rigaVendor,
      url: null,
      visible: true,
      sort: 0,
      ...change,
    });

  it("start from a picture, hidden and untitled, and show on the home page once written", async () => {
    const before = await shown();
    const made = await upload(staff.manager, consoleEndpoints.addBanner("riga"));
    expect(made.statusCode, made.body).toBe(201);
    id = made.json().id;
    expect(made.json()).toMatchObject({ localityCode: "riga", title: {}, visible: false });
    expect(made.json().picture).toMatch(/^\/api\/media\/banner\/u\w+\/600x300\.webp$/);
    expect((await shown()).map((banner) => banner.id)).toEqual(before.map((banner) => banner.id));

    const written = await write({});
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const now = await shown();
    expect(now.find((banner) => banner.id === id)).toMatchObject({
      title: "Pancakes all day",
      vendorId: rigaVendor,
    });
    expect(now).toHaveLength(before.length + 1);

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(3, null));
    expect(log.body.entries.map((entry: { action: string }) => entry.action)).toEqual([
      "banner.update",
      "banner.create",
    ]);
  });

  it("take a new picture, a storefront page to open instead of a vendor, and a later place", async () => {
    const first = (await shown())[0]?.image;
    const replaced = await upload(staff.manager, consoleEndpoints.bannerPicture(id));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await write({ vendorId: null, url: "/cms/about", sort: 999 })).status).toBe(200);
    const now = await shown();
    const banner = now.find((one) => one.id === id);
    expect(banner).toMatchObject({ vendorId: null, url: "/cms/about" });
    expect(banner?.image).not.toEqual(first);
    expect(now.at(-1)?.id).toBe(id);
  });

  it.each([
    ["shown without a title", { title: { en: " " } }, "title"],
    ["opening a vendor of another city", { vendorId: -1 }, "vendorId"],
    ["opening a script", { url: "javascript:alert(1)" }, "url"],
  ])("refuse a banner %s with a 400 naming the field", async (_, change, field) => {
    const before = await shown();
    const refused = await write("vendorId" in change ? { vendorId: kyivVendor } : change);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.field).toBe(field);
    expect(await shown()).toEqual(before);
  });

  it("refuse a picture too small to show", async () => {
    const small = await upload(staff.manager, consoleEndpoints.addBanner("riga"), 300, 150);
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ errorCode: "TOO_SMALL" });
  });

  it("are not a dispatcher's, and a deleted banner leaves the home page", async () => {
    expect((await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.banners("riga"))).status).toBe(
      403,
    );
    expect((await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.deleteBanner(id))).status).toBe(
      403,
    );
    expect((await consoleEndpointCall(t, staff.manager, consoleEndpoints.deleteBanner(id))).status).toBe(204);
    expect((await shown()).map((banner) => banner.id)).not.toContain(id);
    expect((await consoleEndpointCall(t, staff.manager, consoleEndpoints.deleteBanner(id))).status).toBe(404);
  });
});
