import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";

let t: TestApp;
const staff = { manager: "", dispatcher: "" };

interface Node {
  id: number;
  name: string;
  image: unknown;
  vendorsCount: number;
  children?: Node[];
}

/** The storefront's categories of Riga, in English: the tree and the quick row. */
const storefront = async () =>
  (await get(t.app, apiPath(endpoints.localities.categories("riga")), { "accept-language": "en" })).body as {
    tree: Node[];
    top: Node[];
  };
const everywhere = (answer: { tree: Node[]; top: Node[] }) => [
  ...answer.tree,
  ...answer.tree.flatMap((node) => node.children ?? []),
  ...answer.top,
];

const draft = (change: Record<string, unknown> = {}) => ({
  name: { en: "Pancakes", lv: "Pankūkas" },
  parentId: null,
  top: true,
  sort: 0,
  ...change,
});

let vendorId = 0;

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z") });
  staff.manager = await staffSession(t, "MANAGER", "manager@categories.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@categories.example");
  vendorId = (await get(t.app, apiPath(endpoints.localities.vendors("riga", "")))).body.content[0].id;
});
afterAll(() => t.close());

describe("a city's categories in the console", () => {
  let pancakes = 0;
  let sweet = 0;

  it("are added, given an icon, and shown on the storefront once a vendor is listed under them", async () => {
    const made = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addCategory("riga"), draft());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    pancakes = made.body.id;
    expect(made.body).toMatchObject({ name: { en: "Pancakes" }, parentId: null, vendors: 0, picture: null });
    // Empty: the storefront leaves it out.
    expect(everywhere(await storefront()).map((node) => node.id)).not.toContain(pancakes);

    const icon = await sharp({ create: { width: 192, height: 192, channels: 3, background: "#f59e0b" } })
      .png()
      .toBuffer();
    const pictured = await t.app.inject({
      method: "PUT",
      url: consolePath(consoleEndpoints.categoryPicture(pancakes)),
      headers: { cookie: staff.manager, "content-type": "image/png" },
      payload: icon,
    });
    expect(pictured.statusCode, pictured.body).toBe(200);
    expect(pictured.json().picture).toMatch(/^\/api\/media\/category\/u\w+\/96x96\.webp$/);

    const vendor = await consoleEndpointCall(t, staff.manager, consoleEndpoints.vendor(vendorId));
    const listed = await consoleEndpointCall(t, staff.manager, consoleEndpoints.updateVendor(vendorId), {
      categoryIds: [...vendor.body.categoryIds, pancakes],
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);

    const shown = await storefront();
    expect(shown.tree.find((node) => node.id === pancakes)).toMatchObject({
      name: "Pancakes",
      vendorsCount: 1,
    });
    expect(shown.top.map((node) => node.id)).toContain(pancakes);
    const filtered = await get(
      t.app,
      apiPath(endpoints.localities.vendors("riga", `categories=${pancakes}`)),
    );
    expect(filtered.body.content.map((one: { id: number }) => one.id)).toEqual([vendorId]);
  });

  it("take a category under a first-level one, two levels at most", async () => {
    const child = await consoleEndpointCall(
      t,
      staff.manager,
      consoleEndpoints.addCategory("riga"),
      draft({ name: { en: "Sweet pancakes" }, parentId: pancakes, top: false }),
    );
    expect(child.status, JSON.stringify(child.body)).toBe(201);
    sweet = child.body.id;
    const list = await consoleEndpointCall(t, staff.manager, consoleEndpoints.categories("riga"));
    const ids = list.body.categories.map((one: { id: number }) => one.id);
    expect(ids.indexOf(sweet)).toBe(ids.indexOf(pancakes) + 1);
  });

  it.each([
    ["without a name", () => ({ id: pancakes, body: draft({ name: { en: " " } }) }), "name"],
    ["under itself", () => ({ id: pancakes, body: draft({ parentId: pancakes }) }), "parentId"],
    ["on a third level", () => ({ id: null, body: draft({ parentId: sweet }) }), "parentId"],
    [
      "with categories under it, under another",
      () => ({ id: pancakes, body: draft({ parentId: everywhereFirst }) }),
      "parentId",
    ],
  ])("refuse a category %s with a 400 naming the field", async (_, target, field) => {
    everywhereFirst = (await storefront()).tree.find((node) => node.id !== pancakes)?.id ?? 0;
    const { id, body } = target();
    const refused =
      id === null
        ? await consoleEndpointCall(t, staff.manager, consoleEndpoints.addCategory("riga"), body)
        : await consoleEndpointCall(t, staff.manager, consoleEndpoints.saveCategory(id), body);
    expect(refused.status).toBe(400);
    expect(refused.body.details?.[0]?.field).toBe(field);
  });

  it("are not a dispatcher's, and deleting one with categories under it waits for them", async () => {
    expect((await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.categories("riga"))).status).toBe(
      403,
    );
    const blocked = await consoleEndpointCall(t, staff.manager, consoleEndpoints.deleteCategory(pancakes));
    expect(blocked.status).toBe(409);
    expect(blocked.body.errorCode).toBe("HAS_CHILDREN");
    expect((await consoleEndpointCall(t, staff.manager, consoleEndpoints.deleteCategory(sweet))).status).toBe(
      204,
    );
    expect(
      (await consoleEndpointCall(t, staff.manager, consoleEndpoints.deleteCategory(pancakes))).status,
    ).toBe(204);
    expect(everywhere(await storefront()).map((node) => node.id)).not.toContain(pancakes);
    const vendor = await consoleEndpointCall(t, staff.manager, consoleEndpoints.vendor(vendorId));
    expect(vendor.body.categoryIds).not.toContain(pancakes);
  });
});

let everywhereFirst = 0;
