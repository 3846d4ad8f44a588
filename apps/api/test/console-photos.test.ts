import { createHash } from "node:crypto";
import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../src/db/schema.ts";
import { callEndpoint, type OpenVendor, openRestaurants } from "./cart-helpers.ts";
import { staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { consolePath } from "./paths.ts";

let t: TestApp;
let kitchens: OpenVendor[];
const staff = { manager: "", dispatcher: "", otherKitchen: "" };

/** A photo as a phone or an editor gives it: a PNG of a size and colour. */
function photo(width: number, height: number, colour = "#c0392b"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function upload(cookie: string, productId: number, body: Buffer | string, type = "image/png") {
  return t.app.inject({
    method: consoleEndpoints.productPhoto(productId).method,
    url: consolePath(consoleEndpoints.productPhoto(productId)),
    headers: { cookie, "content-type": type },
    payload: body,
  });
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-23T12:00:00Z") });
  kitchens = await openRestaurants(t.app, 2);
  staff.manager = await staffSession(t, "MANAGER", "manager@photos.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@photos.example");
  staff.otherKitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@photos.example", {
    vendorIds: [kitchens[1]?.id as number],
  });
});
afterAll(() => t.close());

describe("a product's photo uploaded in the console", () => {
  it("is made into the storefront's sizes, served as WebP, shown from the next read and audited", async () => {
    const [kitchen] = kitchens as [OpenVendor];
    const product = kitchen.products[0] as { id: number };
    // The storefront has read (and cached) the menu before.
    await callEndpoint(t.app, endpoints.vendors.catalogue(kitchen.id), null);
    const answer = await upload(staff.manager, product.id, await photo(1600, 1200));
    expect(answer.statusCode, answer.body).toBe(200);
    const { photo: thumbnail } = answer.json();
    expect(thumbnail).toMatch(/^\/api\/media\/product\/u[0-9a-f]{20}\/300x200\.webp$/);
    const basePath = thumbnail.replace("/300x200.webp", "");

    for (const size of ["300x200", "600x400", "1200x800"]) {
      const file = await t.app.inject({ method: "GET", url: `${basePath}/${size}.webp` });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("image/webp");
      const { width, height, format } = await sharp(file.rawPayload).metadata();
      expect({ width, height, format }).toEqual({
        width: Number(size.split("x")[0]),
        height: Number(size.split("x")[1]),
        format: "webp",
      });
    }
    const menu = await callEndpoint(t.app, endpoints.vendors.catalogue(kitchen.id), null);
    const shown = menu.body.sections
      .flatMap((section: { products: Array<{ id: number; image: unknown }> }) => section.products)
      .find((one: { id: number }) => one.id === product.id);
    expect(JSON.stringify(shown.image)).toContain(basePath);
    const inConsole = await t.app.inject({
      method: "GET",
      url: consolePath(consoleEndpoints.menu(kitchen.id)),
      headers: { cookie: staff.manager },
    });
    expect(JSON.stringify(inConsole.json())).toContain(thumbnail);
    const owner = await staffSession(t, "OWNER", "owner@photos.example");
    const log = await t.app.inject({
      method: "GET",
      url: consolePath(consoleEndpoints.audit(5, null)),
      headers: { cookie: owner },
    });
    expect(log.json().entries[0]).toMatchObject({
      action: "product.photo",
      entityId: product.id,
      after: { photo: thumbnail },
    });
  });

  it.each([
    {
      name: "words calling themselves a PNG",
      body: () => Promise.resolve("not a picture at all"),
      code: "NOT_AN_IMAGE",
    },
    { name: "a picture smaller than 300 × 200", body: () => photo(200, 150), code: "TOO_SMALL" },
  ])("refuses $name (400 naming photo)", async ({ body, code }) => {
    const product = (kitchens[0] as OpenVendor).products[0] as { id: number };
    const answer = await upload(staff.manager, product.id, await body());
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errorCode: code, details: [{ field: "photo" }] });
  });

  it("refuses another type of file (415), and keeps photos to those who edit the vendor's menu", async () => {
    const product = (kitchens[0] as OpenVendor).products[0] as { id: number };
    expect((await upload(staff.manager, product.id, "a,b,c", "text/csv")).statusCode).toBe(415);
    expect((await upload(staff.dispatcher, product.id, await photo(600, 400))).statusCode).toBe(403);
    // The outsider's picture is not kept either: no picture is recorded under its content's name.
    const outsiders = await photo(600, 400, "#8e44ad");
    expect((await upload(staff.otherKitchen, product.id, outsiders)).statusCode).toBe(404);
    const hash = createHash("sha256").update(outsiders).digest("hex").slice(0, 20);
    const kept = await t.database.db
      .select()
      .from(images)
      .where(eq(images.basePath, `/api/media/product/u${hash}`));
    expect(kept).toEqual([]);
    expect((await upload("", product.id, await photo(600, 400))).statusCode).toBe(401);
  });
});
