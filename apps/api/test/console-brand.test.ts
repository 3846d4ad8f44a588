import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { addPartner } from "./order-helpers.ts";
import { apiPath, consolePath } from "./paths.ts";

let t: TestApp;
const staff = { owner: "", manager: "", dispatcher: "", kitchen: "", otherOwner: "" };

/** A picture as an editor exports it: a PNG of a size and colour. */
function picture(width: number, height: number, colour = "#1d4ed8"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

function upload(cookie: string, kind: "logo" | "social-image", body: Buffer | string, type = "image/png") {
  return t.app.inject({
    method: consoleEndpoints.brandPicture(kind).method,
    url: consolePath(consoleEndpoints.brandPicture(kind)),
    headers: { cookie, "content-type": type },
    payload: body,
  });
}

/** What the storefront reads of the partner: Riga's params. */
const params = async () => (await get(t.app, apiPath(endpoints.localities.params("riga")))).body;

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z") });
  staff.owner = await staffSession(t, "OWNER", "owner@brand.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@brand.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@brand.example");
  staff.kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@brand.example", { vendorIds: [] });
  await addPartner(t, "other-brand");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-brand.example", { partner: "other-brand" });
});
afterAll(() => t.close());

/** The brand as the console shows it, with the changes given. */
async function brandWith(change: Record<string, unknown>) {
  const { body } = await consoleEndpointCall(t, staff.owner, consoleEndpoints.brand());
  const { logoUrl: _logo, socialImageUrl: _social, socialPreviewUrl: _preview, ...draft } = body;
  return { ...draft, ...change };
}

describe("the brand and footer in the console", () => {
  it("are changed by a manager and shown on the storefront's next read, and audited", async () => {
    // The storefront has read (and cached) the partner before.
    const before = await params();
    const draft = await brandWith({
      platformName: "Kebab Express",
      brandColour: "#1D4ED8",
      officialName: "Kebab Express SIA",
      officialAddress: "Brīvības iela 1, Rīga",
      certificate: "LV40003000000",
      supportPhone: "+371 2000 0000",
      supportEmail: "help@kebab.example",
      supportHours: [{ day: "MONDAY", from: "09:00", until: "18:00" }],
      links: {
        aboutUs: "/cms/about",
        termsOfUse: "https://kebab.example/terms",
        privacyPolicy: "",
        becomeACourier: null,
        becomeAVendor: null,
        iosApp: "https://apps.apple.com/app/id1",
        androidApp: "",
        socialNetworks: {
          facebook: "https://facebook.com/kebab",
          instagram: "",
          telegram: "",
          twitter: "",
          linkedin: "",
        },
      },
    });
    const saved = await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveBrand(), draft);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ platformName: "Kebab Express", brandColour: "#1d4ed8" });

    const after = await params();
    expect(after.publicInfo).toMatchObject({
      platformName: "Kebab Express",
      partnerOfficialName: "Kebab Express SIA",
      partnerOfficialAddress: "Brīvības iela 1, Rīga",
      partnerCertificate: "LV40003000000",
    });
    expect(after.publicInfo.links).toMatchObject({
      aboutUs: "/cms/about",
      termsOfUse: "https://kebab.example/terms",
      privacyPolicy: null,
      iosApp: "https://apps.apple.com/app/id1",
      androidApp: null,
      socialNetworks: { facebook: "https://facebook.com/kebab", instagram: null },
    });
    expect(after.contacts.forClients).toEqual({
      phone: "+37120000000",
      email: "help@kebab.example",
      workingHours: { intervals: [{ day: "MONDAY", from: "09:00", until: "18:00" }] },
    });
    expect(after.theme.brandColour).toBe("#1d4ed8");
    // The drawn icon and preview are new addresses, so no browser keeps the old brand's.
    expect(after.theme.iconUrl).not.toBe(before.theme.iconUrl);

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(5, null));
    expect(log.body.entries[0]).toMatchObject({
      action: "brand.update",
      before: expect.objectContaining({ platformName: before.publicInfo.platformName }),
      after: expect.objectContaining({ platformName: "Kebab Express", brandColour: "#1d4ed8" }),
    });
  });

  it.each([
    ["a colour too light to read", { brandColour: "#ffe066" }, "brandColour", "LOW_CONTRAST"],
    ["a colour that is no colour", { brandColour: "orange" }, "brandColour", undefined],
    ["an empty platform name", { platformName: "  " }, "platformName", undefined],
    ["a script for a link", { links: { aboutUs: "javascript:alert(1)" } }, "links.aboutUs", undefined],
    ["a page path for an app store", { links: { iosApp: "/cms/app" } }, "links.iosApp", undefined],
    ["a support e-mail that is none", { supportEmail: "help" }, "supportEmail", undefined],
    ["a support phone no one can dial", { supportPhone: "call us" }, "supportPhone", undefined],
    ["an image logo before a logo is uploaded", { textLogo: false }, "textLogo", "NO_LOGO"],
  ])("refuses %s with a 400 naming the field", async (_, change, field, errorCode) => {
    const base = await brandWith({});
    const draft =
      "links" in change ? { ...base, links: { ...base.links, ...change.links } } : { ...base, ...change };
    const refused = await consoleEndpointCall(t, staff.owner, consoleEndpoints.saveBrand(), draft);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.field).toBe(field);
    if (errorCode) expect(refused.body.errorCode).toBe(errorCode);
  });

  it("takes a logo kept whole within 640 × 160, shows it once chosen, and draws the icon and preview from it", async () => {
    const small = await upload(staff.owner, "logo", await picture(200, 40));
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ errorCode: "TOO_SMALL", details: [{ field: "photo" }] });
    expect((await upload(staff.owner, "logo", "not a picture")).statusCode).toBe(400);
    expect((await upload(staff.owner, "logo", "plain", "text/plain")).statusCode).toBe(415);

    const logo = await upload(staff.owner, "logo", await picture(1200, 300));
    expect(logo.statusCode, logo.body).toBe(200);
    const { logoUrl } = logo.json();
    expect(logoUrl).toMatch(/^\/api\/media\/brand\/logo-[0-9a-f]{20}\.webp$/);
    const file = await t.app.inject({ method: "GET", url: logoUrl });
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: "webp",
      width: 640,
      height: 160,
    });
    // Uploading is not choosing: the header shows the name until the image logo is chosen.
    expect((await params()).theme).toMatchObject({ textLogo: true, logoUrl });

    const chosen = await consoleEndpointCall(
      t,
      staff.owner,
      consoleEndpoints.saveBrand(),
      await brandWith({ textLogo: false }),
    );
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    const { theme } = await params();
    expect(theme).toMatchObject({ textLogo: false, logoUrl });

    const icon = await t.app.inject({ method: "GET", url: theme.iconUrl });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toContain("immutable");
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ format: "png", width: 192, height: 192 });
    // The logo (blue) is in the icon's middle, on white.
    const pixel = (x: number, y: number) =>
      sharp(icon.rawPayload).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    const [red = 0, green = 0, blue = 0] = await pixel(96, 96);
    expect(blue - Math.max(red, green)).toBeGreaterThan(100);
    expect([...(await pixel(2, 2))]).toEqual([255, 255, 255]);

    const preview = await t.app.inject({ method: "GET", url: theme.socialPreviewUrl });
    expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ width: 1500, height: 1500 });
  });

  it("takes a social-preview image of at least 1500 × 1500 and serves it as the partner's preview", async () => {
    const small = await upload(staff.owner, "social-image", await picture(1200, 1200));
    expect(small.json()).toMatchObject({ errorCode: "TOO_SMALL" });
    const uploaded = await upload(staff.owner, "social-image", await picture(2000, 1600, "#15803d"));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { theme } = await params();
    const preview = await t.app.inject({ method: "GET", url: theme.socialPreviewUrl });
    const image = sharp(preview.rawPayload);
    expect(await image.metadata()).toMatchObject({ width: 1500, height: 1500 });
    const { dominant } = await image.stats();
    expect(dominant.g).toBeGreaterThan(dominant.b);
  });

  it("draws a text logo's icon from the name's first letter on the brand colour", async () => {
    const icon = await t.app.inject({ method: "GET", url: "/api/partners/other-brand/icon-512.png" });
    expect(icon.statusCode).toBe(200);
    // Without the current version the answer is kept only a while.
    expect(icon.headers["cache-control"]).toBe("public, max-age=300");
    expect(await sharp(icon.rawPayload).metadata()).toMatchObject({ width: 512, height: 512 });
    expect((await t.app.inject({ method: "GET", url: "/api/partners/nobody/icon-192.png" })).statusCode).toBe(
      404,
    );
  });

  it("is edited by owners and managers only, each of their own partner", async () => {
    for (const cookie of [staff.dispatcher, staff.kitchen]) {
      expect((await consoleEndpointCall(t, cookie, consoleEndpoints.brand())).status).toBe(403);
      expect((await upload(cookie, "logo", await picture(400, 100))).statusCode).toBe(403);
    }
    const other = await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.brand());
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.platformName).not.toBe("Kebab Express");
    expect(other.body.logoUrl).toBeNull();
  });
});
