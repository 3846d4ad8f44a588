import { consoleEndpoints, devEndpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { catalogueChanges } from "../src/catalogue/catalogue-tags.ts";
import { localities, partners } from "../src/db/schema.ts";
import {
  addPartnerHost,
  hostNameOf,
  isHostName,
  PartnerHosts,
  removePartnerHost,
} from "../src/partners/partner-hosts.ts";
import { DEMO_PARTNER, SUSPENDED_PARTNER_HOST } from "../src/seed/partner.ts";
import { STAFF_PASSWORD, staffSession } from "./console-helpers.ts";
import { startTestApp, type TestApp } from "./harness.ts";
import { consolePath, devPath } from "./paths.ts";
import { ensureWebBuild } from "./web-build.ts";

/**
 * One deployment, two partners, each on its own host: the storefront's pages are the host's
 * partner's, a host no partner has is a plain 404, and each console answers its own staff only.
 */
let t: TestApp;
const ids = { demo: 0, brandB: 0 };
/** What only the demo partner's pages show: its name and a Riga restaurant's. */
const DEMO_MARKS = ["Dostavka", "Sushi Sakura"];

async function page(host: string, url = "/en/riga") {
  const answer = await t.app.inject({ method: "GET", url, headers: { host } });
  return { status: answer.statusCode, html: answer.body, type: answer.headers["content-type"] };
}

async function signIn(host: string, email: string) {
  const session = consoleEndpoints.signIn();
  const answer = await t.app.inject({
    method: session.method,
    url: consolePath(session),
    headers: { host },
    payload: { email, password: STAFF_PASSWORD },
  });
  return answer.statusCode;
}

/** Records hosts and lets the server read them now rather than within ten seconds. */
async function record(hosts: Array<[string, number]>) {
  for (const [host, partnerId] of hosts) await addPartnerHost(t.database.db, partnerId, host);
  t.app.services.partnerHosts.forget();
}

beforeAll(async () => {
  t = await startTestApp({ webBuildDir: await ensureWebBuild() });
  const [demo] = await t.database.db.select().from(partners).where(eq(partners.code, "demo"));
  const [brandB] = await t.database.db
    .insert(partners)
    .values({
      ...DEMO_PARTNER,
      code: "brand-b",
      name: "Brand B",
      // Its own words wherever the demo's name its operator.
      publicInfo: JSON.parse(
        JSON.stringify(DEMO_PARTNER.publicInfo)
          .replaceAll("Dostavka Demo", "Brand B")
          .replaceAll("Dostavka", "Brand B Market"),
      ),
    })
    .returning();
  ids.demo = (demo as { id: number }).id;
  ids.brandB = (brandB as { id: number }).id;
  // Brand B's one city, with no vendor yet.
  const [riga] = await t.database.db.select().from(localities).where(eq(localities.code, "riga"));
  const { id: _id, ...city } = riga as typeof localities.$inferSelect;
  await t.database.db
    .insert(localities)
    .values({ ...city, partnerId: ids.brandB, code: "vilnius", name: { en: "Vilnius", lv: "Viļņa" } });
  await t.database.db
    .update(partners)
    .set({ defaultLocalityCode: "vilnius" })
    .where(eq(partners.id, ids.brandB));
});
afterAll(() => t.close());

describe("a deployment whose default partner records no host (the seed records the second brand's only)", () => {
  it("serves the default partner (PARTNER_CODE) on any host not recorded", async () => {
    const answer = await page("anything.example");
    expect(answer.status).toBe(200);
    for (const mark of DEMO_MARKS) expect(answer.html).toContain(mark);
  });
});

describe("a deployment that records a host for its second partner only", () => {
  beforeAll(() => record([["shop-b.example", ids.brandB]]));
  afterAll(async () => {
    await removePartnerHost(t.database.db, "shop-b.example");
    t.app.services.partnerHosts.forget();
  });

  it("serves the second partner on its host and the default (PARTNER_CODE) on every other", async () => {
    const other = await page("shop-b.example", "/en/vilnius");
    expect(other.status).toBe(200);
    expect(other.html).toContain("<title>Brand B Market — Vilnius</title>");
    const demo = await page("anything.example");
    expect(demo.status).toBe(200);
    for (const mark of DEMO_MARKS) expect(demo.html).toContain(mark);
  });
});

describe("a deployment with a host per partner", () => {
  beforeAll(() =>
    record([
      ["shop-a.example", ids.demo],
      ["Shop-B.Example.", ids.brandB],
    ]),
  );
  afterAll(async () => {
    await removePartnerHost(t.database.db, "shop-a.example");
    await removePartnerHost(t.database.db, "shop-b.example");
    t.app.services.partnerHosts.forget();
  });

  it("serves each host's partner: the demo's pages on its host, none of them on the other's", async () => {
    const demo = await page("shop-a.example:3000");
    expect(demo.status).toBe(200);
    for (const mark of DEMO_MARKS) expect(demo.html).toContain(mark);

    const other = await page("shop-b.example", "/en/vilnius");
    expect(other.status).toBe(200);
    expect(other.html).toContain("<title>Brand B Market — Vilnius</title>");
    // The page's own calls from the browser name Brand B too (the client's partner code).
    expect(other.html).toMatch(/partnerCode\\",\\"brand-b\\"/);
    expect(demo.html).toMatch(/partnerCode\\",\\"demo\\"/);
    for (const mark of DEMO_MARKS) expect(other.html).not.toContain(mark);
    // Brand B has no Riga: the demo's city is not found there.
    const riga = await page("shop-b.example", "/en/riga");
    for (const mark of DEMO_MARKS) expect(riga.html).not.toContain(mark);
  });

  it("answers a host no partner has with a plain 404 page, naming no partner", async () => {
    const unknown = await page("unknown.example");
    expect(unknown.status).toBe(404);
    expect(unknown.type).toMatch(/^text\/html/);
    expect(unknown.html).toContain("No shop is served at this address");
    for (const mark of [...DEMO_MARKS, "Brand B"]) expect(unknown.html).not.toContain(mark);
  });

  it("leads the links that leave the API to the partner's own host: a password e-mail of Brand B's staff", async () => {
    await staffSession(t, "MANAGER", "manager@brand-b.example", { partner: "brand-b" });
    const reset = consoleEndpoints.passwordReset();
    const asked = await t.app.inject({
      method: reset.method,
      url: consolePath(reset),
      headers: { host: "shop-b.example" },
      payload: { email: "manager@brand-b.example" },
    });
    expect(asked.statusCode).toBe(204);
    const outbox = await t.app.inject({
      method: "GET",
      url: devPath(devEndpoints.outbox({ to: "manager@brand-b.example" })),
    });
    const [mail] = outbox.json() as Array<{ text: string }>;
    expect(mail?.text).toMatch(/http:\/\/shop-b\.example(:\d+)?\/console\/\w\w\/password\?token=/);
    const demoUrl = await t.app.services.partnerHosts.publicUrlOf("demo", "https://any.example:8443");
    expect(demoUrl).toBe("https://shop-a.example:8443");
    // A partner with no host recorded keeps PUBLIC_URL (the demo's paused partner, its host taken away).
    await removePartnerHost(t.database.db, SUSPENDED_PARTNER_HOST);
    t.app.services.partnerHosts.forget();
    expect(await t.app.services.partnerHosts.publicUrlOf("suspended-demo", "https://any.example")).toBe(
      "https://any.example",
    );
  });

  it("takes pages of a recorded host as the storefront's own, with PUBLIC_URL's scheme and port", async () => {
    const hosts = t.app.services.partnerHosts;
    const publicUrl = "https://shop.example";
    expect(await hosts.isRecordedOrigin("https://shop-b.example", publicUrl)).toBe(true);
    expect(await hosts.isRecordedOrigin("http://shop-b.example", publicUrl)).toBe(false);
    expect(await hosts.isRecordedOrigin("https://shop-b.example:8443", publicUrl)).toBe(false);
    expect(await hosts.isRecordedOrigin("https://evil.example", publicUrl)).toBe(false);
    expect(await hosts.isRecordedOrigin("null", publicUrl)).toBe(false);
  });

  it("signs a partner's staff in on its own host only, and keeps a session to it", async () => {
    await staffSession(t, "MANAGER", "manager@hosts.example");
    expect(await signIn("shop-b.example", "manager@hosts.example")).toBe(401);
    expect(await signIn("shop-a.example", "manager@hosts.example")).toBe(200);
    // A host no partner recorded (the API's own, a console served apart) serves every partner's staff.
    expect(await signIn("api.example", "manager@hosts.example")).toBe(200);

    const session = await staffSession(t, "OWNER", "owner@hosts.example");
    const me = (host: string) =>
      t.app.inject({
        method: "GET",
        url: consolePath(consoleEndpoints.me()),
        headers: { host, cookie: session },
      });
    expect((await me("shop-a.example")).statusCode).toBe(200);
    expect((await me("shop-b.example")).statusCode).toBe(401);
  });
});

describe("hosts recorded while the server runs", () => {
  it("are read again after ten seconds, the hosts read last answering meanwhile; at once after forget", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const lookups = new PartnerHosts(t.database.db, "demo");
    try {
      expect(await lookups.partnerCodeOf("shop-c.example")).toBe("demo");
      await addPartnerHost(t.database.db, ids.brandB, "shop-c.example");
      expect(await lookups.partnerCodeOf("shop-c.example")).toBe("demo");
      vi.setSystemTime(Date.now() + 10_001);
      // Answered without waiting for the database, which is read meanwhile.
      expect(await lookups.partnerCodeOf("shop-c.example")).toBe("demo");
      await vi.waitFor(async () => expect(await lookups.partnerCodeOf("shop-c.example")).toBe("brand-b"));

      await addPartnerHost(t.database.db, ids.brandB, "shop-d.example");
      lookups.forget();
      expect(await lookups.partnerCodeOf("shop-d.example")).toBe("brand-b");
    } finally {
      vi.useRealTimers();
      await removePartnerHost(t.database.db, "shop-c.example");
      await removePartnerHost(t.database.db, "shop-d.example");
    }
  });

  it("are not read again for a change that moves no host; at once for one that does", async () => {
    const { partnerHosts, catalogueInvalidations } = t.app.services;
    expect(await partnerHosts.partnerCodeOf("shop-e.example")).toBe("demo");
    await addPartnerHost(t.database.db, ids.brandB, "shop-e.example");
    try {
      // A price or a sign-out does not make every page wait for the hosts behind a busy database.
      await catalogueInvalidations.announce(catalogueChanges.menu(1));
      await catalogueInvalidations.announce(catalogueChanges.partner(ids.demo));
      expect(await partnerHosts.partnerCodeOf("shop-e.example")).toBe("demo");
      await catalogueInvalidations.announce(catalogueChanges.hosts());
      expect(await partnerHosts.partnerCodeOf("shop-e.example")).toBe("brand-b");
    } finally {
      await removePartnerHost(t.database.db, "shop-e.example");
      partnerHosts.forget();
    }
  });
});

describe("host names", () => {
  it.each([
    ["Shop.Example", "shop.example"],
    ["shop.example:3000", "shop.example"],
    ["shop.example.", "shop.example"],
    ["[::1]:3000", "[::1]"],
  ])("%s is looked up as %s", (given, looked) => {
    expect(hostNameOf(given)).toBe(looked);
  });

  it.each([
    ["shop.example", true],
    ["shop-a.localhost", true],
    ["localhost", true],
    ["-shop.example", false],
    ["shop_a.example", false],
    ["shop.example/path", false],
    ["", false],
  ])("%s may be recorded: %s", (host, may) => {
    expect(isHostName(host)).toBe(may);
  });
});
