import { createHash } from "node:crypto";
import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../src/db/schema.ts";
import { callEndpoint, type OpenVendor, openRestaurants } from "./cart-helpers.ts";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";

let t: TestApp;
let kitchens: OpenVendor[];
const staff = { manager: "", owner: "", dispatcher: "", kitchen: "", otherKitchen: "" };

/** A picture as an editor gives it: a PNG of a size. */
function picture(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2e86de" } })
    .png()
    .toBuffer();
}

function upload(cookie: string, vendorId: number, kind: string, body: Buffer | string, type = "image/png") {
  return t.app.inject({
    method: "PUT",
    url: `/api/console/vendors/${vendorId}/pictures/${kind}`,
    headers: { cookie, "content-type": type },
    payload: body,
  });
}

/** The vendor as the storefront's Riga list shows it (optionally filtered by categories). */
async function listed(vendorId: number, categories?: number[]) {
  const filter = categories ? `&categories=${categories.join(",")}` : "";
  const { body } = await callEndpoint(t.app, endpoints.localities.vendors("riga", `size=100${filter}`), null);
  return body.content.find((vendor: { id: number }) => vendor.id === vendorId);
}

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-23T12:00:00Z") });
  kitchens = await openRestaurants(t.app, 2);
  staff.manager = await staffSession(t, "MANAGER", "manager@profile.example");
  staff.owner = await staffSession(t, "OWNER", "owner@profile.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@profile.example");
  staff.kitchen = await staffSession(t, "VENDOR_STAFF", "kitchen@profile.example", {
    vendorIds: [kitchens[0]?.id as number],
  });
  staff.otherKitchen = await staffSession(t, "VENDOR_STAFF", "other@profile.example", {
    vendorIds: [kitchens[1]?.id as number],
  });
});
afterAll(() => t.close());

describe("a vendor's categories in the console", () => {
  it("offers the city's categories in the member's language and lists the vendor under those chosen", async () => {
    const kitchen = kitchens[0] as OpenVendor;
    const read = await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.vendor(kitchen.id, "en"));
    expect(read.status).toBe(200);
    const { categoryChoices, categoryIds } = read.body;
    expect(categoryChoices.length).toBeGreaterThan(1);
    // Parents come before their children.
    for (const [index, choice] of categoryChoices.entries())
      if (choice.parentId !== null)
        expect(categoryChoices.findIndex((c: { id: number }) => c.id === choice.parentId)).toBeLessThan(
          index,
        );
    const storefront = await callEndpoint(t.app, endpoints.localities.categories("riga"), null, undefined, {
      "Accept-Language": "en",
    });
    const englishNames = storefront.body.tree.map((node: { name: string }) => node.name);
    expect(englishNames).toContain(
      categoryChoices.find((c: { parentId: number | null }) => c.parentId === null).name,
    );

    // The storefront read (and cached) the list before the change. A filter by a parent category
    // also finds its children's vendors: the new category is one without children.
    type Choice = { id: number; parentId: number | null };
    const unchosen = categoryChoices.find(
      (c: Choice) =>
        !categoryIds.includes(c.id) && !categoryChoices.some((child: Choice) => child.parentId === c.id),
    );
    expect(await listed(kitchen.id, [unchosen.id])).toBeUndefined();
    const changed = await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.updateVendor(kitchen.id), {
      categoryIds: [unchosen.id, unchosen.id],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.categoryIds).toEqual([unchosen.id]);
    expect(await listed(kitchen.id, [unchosen.id])).toMatchObject({ categories: [{ id: unchosen.id }] });
    const formerOne = categoryIds.find((id: number) => id !== unchosen.parentId);
    if (formerOne !== undefined) expect(await listed(kitchen.id, [formerOne])).toBeUndefined();

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({ action: "vendor.update", entityId: kitchen.id });
    expect(log.body.entries[0].after.categories).toHaveLength(1);
    expect(log.body.entries[0].before.categories).toHaveLength(categoryIds.length);
  });

  it("refuses another city's category with a 400 naming categoryIds, and changes nothing", async () => {
    const kitchen = kitchens[0] as OpenVendor;
    const kyiv = await callEndpoint(t.app, endpoints.localities.categories("kyiv"), null);
    const foreign = kyiv.body.tree[0].id;
    const before = await consoleEndpointCall(t, staff.manager, consoleEndpoints.vendor(kitchen.id));
    const refused = await consoleEndpointCall(t, staff.manager, consoleEndpoints.updateVendor(kitchen.id), {
      categoryIds: [foreign],
      name: "Not this name",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: "categoryIds", message: expect.any(String) }]);
    const after = await consoleEndpointCall(t, staff.manager, consoleEndpoints.vendor(kitchen.id));
    expect(after.body.categoryIds).toEqual(before.body.categoryIds);
    expect(after.body.name).toBe(before.body.name);
  });

  it.each([
    { who: "dispatcher", status: 403 },
    { who: "otherKitchen", status: 404 },
    { who: "signedOut", status: 401 },
  ] as const)("keeps a vendor's categories from $who ($status)", async ({ who, status }) => {
    const kitchen = kitchens[0] as OpenVendor;
    const cookie = who === "signedOut" ? "" : staff[who];
    const answer = await consoleEndpointCall(t, cookie, consoleEndpoints.updateVendor(kitchen.id), {
      categoryIds: [],
    });
    expect(answer.status).toBe(status);
  });
});

describe("a vendor's cover picture and logo uploaded in the console", () => {
  it.each([
    { kind: "cover", width: 1600, height: 1000, sizes: ["1200x800", "600x400", "300x200"], field: "image" },
    { kind: "avatar", width: 400, height: 400, sizes: ["160x160", "80x80"], field: "avatar" },
  ])("makes a $kind into the storefront's sizes and shows it from the next read", async (row) => {
    const kitchen = kitchens[0] as OpenVendor;
    await listed(kitchen.id);
    const answer = await upload(staff.kitchen, kitchen.id, row.kind, await picture(row.width, row.height));
    expect(answer.statusCode, answer.body).toBe(200);
    const { picture: smallest } = answer.json();
    expect(smallest).toMatch(new RegExp(`^/api/media/${row.kind}/u[0-9a-f]{20}/${row.sizes.at(-1)}\\.webp$`));
    const basePath = smallest.replace(`/${row.sizes.at(-1)}.webp`, "");
    for (const size of row.sizes) {
      const file = await t.app.inject({ method: "GET", url: `${basePath}/${size}.webp` });
      expect(file.statusCode).toBe(200);
      const { width, height } = await sharp(file.rawPayload).metadata();
      expect(`${width}x${height}`).toBe(size);
    }
    expect(JSON.stringify((await listed(kitchen.id))[row.field])).toContain(basePath);
    const page = await callEndpoint(t.app, endpoints.vendors.detail(kitchen.id), null);
    expect(JSON.stringify(page.body[row.field])).toContain(basePath);
    const inConsole = await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.vendor(kitchen.id));
    expect(inConsole.body[row.kind]).toBe(smallest);
    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({
      action: `vendor.${row.kind}`,
      entityId: kitchen.id,
      after: { [row.kind]: smallest },
    });
  });

  it("refuses a logo under 80 × 80 and a cover under 300 × 200 (400 TOO_SMALL naming photo)", async () => {
    const kitchen = kitchens[0] as OpenVendor;
    for (const [kind, body] of [
      ["avatar", await picture(60, 60)],
      ["cover", await picture(280, 280)],
    ] as const) {
      const answer = await upload(staff.manager, kitchen.id, kind, body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ errorCode: "TOO_SMALL", details: [{ field: "photo" }] });
    }
  });

  it("refuses another kind of picture, another type of file, and members who do not edit the vendor", async () => {
    const kitchen = kitchens[0] as OpenVendor;
    const body = await picture(600, 400);
    expect((await upload(staff.manager, kitchen.id, "banner", body)).statusCode).toBe(400);
    expect((await upload(staff.manager, kitchen.id, "cover", "a,b", "text/csv")).statusCode).toBe(415);
    expect((await upload(staff.dispatcher, kitchen.id, "cover", body)).statusCode).toBe(403);
    expect((await upload(staff.otherKitchen, kitchen.id, "cover", body)).statusCode).toBe(404);
    // Nothing of the refused picture is kept.
    const hash = createHash("sha256").update(body).digest("hex").slice(0, 20);
    const kept = await t.database.db
      .select()
      .from(images)
      .where(eq(images.basePath, `/api/media/cover/u${hash}`));
    expect(kept).toEqual([]);
    expect((await upload("", kitchen.id, "cover", body)).statusCode).toBe(401);
  });
});

describe("a vendor's counter phone", () => {
  it("is the seeded one of its city, changed by its staff with the country code, and refused naming phone", async () => {
    const kitchen = kitchens[0] as OpenVendor;
    const read = async () =>
      (await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.vendor(kitchen.id, "en"))).body.phone;
    // A Riga vendor of the demo: a Latvian fixed line.
    expect(await read()).toMatch(/^\+3716\d{7}$/);
    const change = (phone: string) =>
      consoleEndpointCall(t, staff.kitchen, consoleEndpoints.updateVendor(kitchen.id), { phone });
    expect((await change("+371 6720 9999")).body.phone).toBe("+37167209999");
    expect(await read()).toBe("+37167209999");
    const refused = await change("12");
    expect(refused.status).toBe(400);
    expect(refused.body.details[0].field).toBe("phone");
    expect(await read()).toBe("+37167209999");
    // Cleared, the courier has no number to call.
    expect((await change("")).body.phone).toBeNull();
  });
});

describe("a vendor added in the console", () => {
  const draft = {
    name: "Jaunā Virtuve",
    vendorType: "RESTAURANT",
    localityCode: "riga",
    street: "Tērbatas iela",
    houseNumber: "14",
    latitude: 56.9566,
    longitude: 24.1238,
  };

  it("starts hidden with defaults, is listed by its staff, and the storefront shows it from then", async () => {
    const made = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addVendor("en"), draft);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      name: "Jaunā Virtuve",
      visible: false,
      localityCode: "riga",
      receiptTypes: ["DELIVERY", "TAKEAWAY"],
      minOrderPrice: 0,
      deliveryFee: 0,
      cookingMinutesMin: 20,
      cookingMinutesMax: 40,
    });
    expect(made.body.workingHours).toHaveLength(7);
    expect(await listed(made.body.id)).toBeUndefined();
    const me = await consoleEndpointCall(t, staff.owner, consoleEndpoints.me());
    expect(me.body.vendors.map((vendor: { id: number }) => vendor.id)).toContain(made.body.id);
    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({ action: "vendor.create", entityId: made.body.id });

    const listing = await consoleEndpointCall(t, staff.manager, consoleEndpoints.updateVendor(made.body.id), {
      visible: true,
    });
    expect(listing.body.visible).toBe(true);
    expect(await listed(made.body.id)).toMatchObject({ name: "Jaunā Virtuve", vendorType: "RESTAURANT" });
  });

  it.each([
    [{ localityCode: "nowhere" }, "localityCode"],
    [{ latitude: 0, longitude: 0 }, "latitude"],
    [{ name: " " }, "name"],
  ])("refuses %o naming %s", async (change, field) => {
    const answer = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addVendor(), {
      ...draft,
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.details[0].field).toBe(field);
  });

  it("is added by owners and managers only", async () => {
    expect((await consoleEndpointCall(t, staff.kitchen, consoleEndpoints.addVendor(), draft)).status).toBe(
      403,
    );
    expect((await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.addVendor(), draft)).status).toBe(
      403,
    );
    expect((await consoleEndpointCall(t, "", consoleEndpoints.addVendor(), draft)).status).toBe(401);
  });
});
