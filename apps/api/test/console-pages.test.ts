import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleEndpointCall, staffSession } from "./console-helpers.ts";
import { get, startTestApp, type TestApp } from "./harness.ts";
import { addPartner } from "./order-helpers.ts";
import { apiPath } from "./paths.ts";

let t: TestApp;
const staff = { owner: "", manager: "", dispatcher: "", otherOwner: "" };

beforeAll(async () => {
  t = await startTestApp({ now: new Date("2026-11-27T12:00:00Z") });
  staff.owner = await staffSession(t, "OWNER", "owner@pages.example");
  staff.manager = await staffSession(t, "MANAGER", "manager@pages.example");
  staff.dispatcher = await staffSession(t, "DISPATCHER", "dispatch@pages.example");
  await addPartner(t, "other-pages");
  staff.otherOwner = await staffSession(t, "OWNER", "owner@other-pages.example", { partner: "other-pages" });
});
afterAll(() => t.close());

const page = (reference: string, lang = "en") =>
  get(t.app, apiPath(endpoints.contentPage(reference)), { "Accept-Language": lang });

describe("content pages in the console", () => {
  it("lists the partner's pages and opens one as HTML in every language it is written in", async () => {
    const list = await consoleEndpointCall(t, staff.manager, consoleEndpoints.pages());
    expect(list.status).toBe(200);
    const about = list.body.pages.find((one: { slug: string }) => one.slug === "about");
    expect(about).toMatchObject({ title: expect.stringContaining("Dostavka"), visible: true });
    const opened = await consoleEndpointCall(t, staff.manager, consoleEndpoints.page(about.id));
    expect(opened.body.body.en).toMatch(/^<p>Dostavka brings food/);
    expect(Object.keys(opened.body.title)).toHaveLength(11);
    // Titled in the console's language, whatever the member's browser says.
    const arabic = await consoleEndpointCall(t, staff.manager, consoleEndpoints.pages("ar"));
    expect(arabic.body.pages.find((one: { slug: string }) => one.slug === "about")?.title).toBe(
      "عن Dostavka",
    );
  });

  it("adds a page that the storefront serves at once, its HTML made safe, and audits it", async () => {
    // The storefront has read (and cached) the list before.
    const before = await get(t.app, apiPath(endpoints.contentPages()));
    const added = await consoleEndpointCall(t, staff.manager, consoleEndpoints.addPage(), {
      slug: "delivery-terms",
      title: { en: "Delivery terms", pt: "" },
      body: {
        en: '<h2>When</h2><p>Every day <strong>until 23:00</strong>.</p><script>alert(1)</script><p><a href="javascript:alert(1)">x</a> <a href="https://example.com">site</a></p>',
        lv: "<p></p>",
      },
      visible: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(Object.keys(added.body.title)).toEqual(["en"]);

    const after = await get(t.app, apiPath(endpoints.contentPages()));
    expect(after.body.length).toBe(before.body.length + 1);
    const served = await page("delivery-terms");
    expect(served.status).toBe(200);
    expect(served.body).toMatchObject({ title: "Delivery terms", lang: "en" });
    expect(served.body.body).toBe(
      '<h2>When</h2><p>Every day <strong>until 23:00</strong>.</p><p><a>x</a> <a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a></p>',
    );
    // A reader of another language gets the language it is written in.
    expect((await page("delivery-terms", "ar")).body.lang).toBe("en");

    const log = await consoleEndpointCall(t, staff.owner, consoleEndpoints.audit(1, null));
    expect(log.body.entries[0]).toMatchObject({ action: "page.create", after: { slug: "delivery-terms" } });
  });

  it("rewrites a page, hides it from the storefront, and shows it again", async () => {
    const list = await consoleEndpointCall(t, staff.owner, consoleEndpoints.pages());
    const { id } = list.body.pages.find((one: { slug: string }) => one.slug === "delivery-terms");
    await page("delivery-terms");
    const draft = {
      slug: "delivery-terms",
      title: { en: "Delivery terms", pt: "Condições de entrega" },
      body: { en: "<p>Now until midnight.</p>", pt: "<p>Agora até à meia-noite.</p>" },
      visible: false,
    };
    const hidden = await consoleEndpointCall(t, staff.owner, consoleEndpoints.savePage(id), draft);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect((await page("delivery-terms")).status).toBe(404);
    const shown = await consoleEndpointCall(t, staff.owner, consoleEndpoints.savePage(id), {
      ...draft,
      visible: true,
    });
    expect(shown.status).toBe(200);
    expect((await page("delivery-terms", "pt")).body).toMatchObject({
      title: "Condições de entrega",
      body: "<p>Agora até à meia-noite.</p>",
      lang: "pt",
    });
  });

  it.each([
    ["no title at all", { title: {}, body: {} }, 400, "title"],
    [
      "a body without its title",
      { title: { en: "A" }, body: { en: "<p>a</p>", lv: "<p>b</p>" } },
      400,
      "title.lv",
    ],
    ["a title and no text anywhere", { title: { en: "A" }, body: { en: "<p><br></p>" } }, 400, "body"],
    ["an address with a slash", { slug: "a/b" }, 400, "slug"],
    ["another page's address", { slug: "about" }, 409, "slug"],
  ])("refuses %s, naming the field", async (_, change, status, field) => {
    const refused = await consoleEndpointCall(t, staff.owner, consoleEndpoints.addPage(), {
      slug: "new-page",
      title: { en: "New" },
      body: { en: "<p>New.</p>" },
      visible: true,
      ...change,
    });
    expect(refused.status).toBe(status);
    expect(refused.body.details?.[0]?.field).toBe(field);
  });

  it("is for owners and managers, each of their own partner's pages", async () => {
    expect((await consoleEndpointCall(t, staff.dispatcher, consoleEndpoints.pages())).status).toBe(403);
    const ours = await consoleEndpointCall(t, staff.owner, consoleEndpoints.pages());
    const about = ours.body.pages.find((one: { slug: string }) => one.slug === "about");
    expect((await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.page(about.id))).status).toBe(
      404,
    );
    const theirs = await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.savePage(about.id), {
      slug: "about",
      title: { en: "Taken over" },
      body: { en: "<p>x</p>" },
      visible: true,
    });
    expect(theirs.status).toBe(404);
    // Another partner may use the same address for a page of its own.
    const own = await consoleEndpointCall(t, staff.otherOwner, consoleEndpoints.addPage(), {
      slug: "about",
      title: { en: "About us" },
      body: { en: "<p>Ours.</p>" },
      visible: true,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect((await page("about")).body.title).not.toBe("About us");
  });
});
