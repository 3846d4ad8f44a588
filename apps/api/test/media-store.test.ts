import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { consoleEndpoints, endpoints } from "@storefront/domain/contract";
import { eq } from "drizzle-orm";
import type { DestinationStream } from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { images, installationSecrets } from "../src/db/schema.ts";
import { MEDIA_CACHE_CONTROL } from "../src/media/media-store.ts";
import { S3MediaStore } from "../src/media/s3-media-store.ts";
import { loadOrCreateDemoSecrets } from "../src/seed/demo-secrets.ts";
import { seedDemoData } from "../src/seed/seed.ts";
import { callEndpoint, type OpenVendor, openRestaurants } from "./cart-helpers.ts";
import { staffSession } from "./console-helpers.ts";
import { DEMO_SECRETS, get, startTestApp, TEST_MEDIA_DIR, type TestApp } from "./harness.ts";
import { apiPath, consolePath } from "./paths.ts";
import { type S3StandIn, startS3StandIn } from "./s3-stand-in.ts";
import { runRefusedStart } from "./server-process.ts";

const NOW = new Date("2026-11-23T12:00:00Z");
const CDN = "https://media.shop.example/pictures";
let s3: S3StandIn;
/** A migrated, empty database: the seed's, then the demo secrets' (whose row each test removes). */
let empty: DatabaseHandle;

/** A photo as a phone gives it: a PNG of a size and colour. */
function photo(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

function uploadProductPhoto(t: TestApp, cookie: string, productId: number, body: Buffer) {
  return t.app.inject({
    method: consoleEndpoints.productPhoto(productId).method,
    url: consolePath(consoleEndpoints.productPhoto(productId)),
    headers: { cookie, "content-type": "image/png" },
    payload: body,
  });
}

function uploadLogo(t: TestApp, cookie: string, body: Buffer) {
  return t.app.inject({
    method: consoleEndpoints.brandPicture("logo").method,
    url: consolePath(consoleEndpoints.brandPicture("logo")),
    headers: { cookie, "content-type": "image/png" },
    payload: body,
  });
}

/** The upload's folder in the store: its kind and the hash of what was sent. */
const uploadFolder = (kind: string, bytes: Buffer) =>
  `${kind}/u${createHash("sha256").update(bytes).digest("hex").slice(0, 20)}`;

beforeAll(async () => {
  [s3, empty] = await Promise.all([startS3StandIn(), openDatabase({ dataDir: null })]);
});
afterAll(async () => {
  await Promise.all([s3.close(), empty.close()]);
});

describe("pictures kept in an S3 bucket (MEDIA_STORE=s3)", () => {
  let t: TestApp;
  let kitchen: OpenVendor;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp({ now: NOW, media: s3.settings() });
    [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
    manager = await staffSession(t, "MANAGER", "manager@media.example");
  });
  afterAll(() => t.close());

  it("takes a console upload into the bucket and serves it at its /api/media address, immutable", async () => {
    const product = kitchen.products[0] as { id: number };
    const sent = await photo(1600, 1200, "#2e86c1");
    const answer = await uploadProductPhoto(t, manager, product.id, sent);
    expect(answer.statusCode, answer.body).toBe(200);
    const folder = uploadFolder("product", sent);
    expect(answer.json().photo).toBe(`/api/media/${folder}/300x200.webp`);

    for (const size of ["1200x800", "600x400", "300x200"]) {
      const key = `${folder}/${size}.webp`;
      const kept = s3.objects.get(key);
      // Put through the S3 API, signed with the deployment's key, with its type and caching.
      expect(kept, key).toMatchObject({ contentType: "image/webp", cacheControl: MEDIA_CACHE_CONTROL });
      expect(s3.requests.find((r) => r.method === "PUT" && r.key === key)).toMatchObject({ status: 200 });
      const served = await t.app.inject({ method: "GET", url: `/api/media/${key}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(kept?.bytes as Buffer)).toBe(true);
      expect(served.headers).toMatchObject({
        "content-type": "image/webp",
        "cache-control": "public, max-age=31536000, immutable",
        etag: kept?.etag,
        "cross-origin-resource-policy": "cross-origin",
      });
      const [width, height] = size.split("x").map(Number);
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: "webp", width, height });
    }
    // A browser (or a CDN) that has it asks again with its ETag and gets no body.
    const again = await t.app.inject({
      method: "GET",
      url: `/api/media/${folder}/300x200.webp`,
      headers: { "if-none-match": s3.objects.get(`${folder}/300x200.webp`)?.etag as string },
    });
    expect(again.statusCode).toBe(304);
    // The storefront's menu names the picture at the same address.
    const menu = await callEndpoint(t.app, endpoints.vendors.catalogue(kitchen.id), null);
    expect(JSON.stringify(menu.body)).toContain(`"basePath":"/api/media/${folder}"`);
  });

  it("answers 404 for a key the bucket lacks, never a 500, and no address leaves the picture keys", async () => {
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/media/product/u00000000000000000000/300x200.webp",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, type: "NotFoundException" });
    const asked = s3.requests.length;
    for (const url of [
      "/api/media/..%2F..%2Fetc%2Fpasswd",
      "/api/media/product/%2e%2e/%2e%2e/secret.webp",
      "/api/media/product/../../../etc/passwd",
      "/api/media/",
    ]) {
      const answer = await t.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
    }
    // A control character is refused before any route (input-edge.ts).
    expect((await t.app.inject({ method: "GET", url: "/api/media/product/u1/a%00b.webp" })).statusCode).toBe(
      400,
    );
    // None of them reached the bucket.
    expect(s3.requests.length).toBe(asked);
  });

  it("keeps the brand's logo in the bucket and draws the partner's icon from it there", async () => {
    const owner = await staffSession(t, "OWNER", "owner@media.example");
    const logo = await uploadLogo(t, owner, await photo(1200, 300, "#1d4ed8"));
    expect(logo.statusCode, logo.body).toBe(200);
    const key = (logo.json().logoUrl as string).replace("/api/media/", "");
    expect(key).toMatch(/^brand\/logo-[0-9a-f]{20}\.webp$/);
    expect(s3.objects.get(key)?.contentType).toBe("image/webp");
    const before = (await get(t.app, apiPath(endpoints.localities.params("riga")))).body;
    const draft = await t.app.inject({
      method: consoleEndpoints.brand().method,
      url: consolePath(consoleEndpoints.brand()),
      headers: { cookie: owner },
    });
    const { logoUrl: _l, socialImageUrl: _s, socialPreviewUrl: _p, ...brand } = draft.json();
    const saved = await t.app.inject({
      method: consoleEndpoints.saveBrand().method,
      url: consolePath(consoleEndpoints.saveBrand()),
      headers: { cookie: owner },
      payload: { ...brand, textLogo: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { theme } = (await get(t.app, apiPath(endpoints.localities.params("riga")))).body;
    expect(theme.iconUrl).not.toBe(before.theme.iconUrl);
    const icon = await t.app.inject({ method: "GET", url: theme.iconUrl });
    expect(icon.statusCode).toBe(200);
    // Read back from the bucket: the blue logo is in the icon's middle.
    expect(s3.requests.some((r) => r.method === "GET" && r.key === key && r.status === 200)).toBe(true);
    const [red = 0, green = 0, blue = 0] = await sharp(icon.rawPayload)
      .extract({ left: 96, top: 96, width: 1, height: 1 })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(blue - Math.max(red, green)).toBeGreaterThan(100);
  });
});

describe("a bucket that refuses the deployment's key", () => {
  let t: TestApp;
  const lines: string[] = [];
  const capture: DestinationStream = { write: (line: string) => void lines.push(line) };
  beforeAll(async () => {
    t = await startTestApp({
      now: NOW,
      media: s3.settings({ secretAccessKey: "not-the-bucket-s-secret" }),
      logLevel: "info",
      logStream: capture,
    });
  });
  afterAll(() => t.close());

  it("fails the upload at once with a 503 whose cause is in the log, and records no picture", async () => {
    const [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
    const manager = await staffSession(t, "MANAGER", "manager@refused.example");
    const sent = await photo(900, 600, "#ca6f1e");
    const started = performance.now();
    const answer = await uploadProductPhoto(t, manager, (kitchen.products[0] as { id: number }).id, sent);
    // No retry of a refusal, no wait for a timeout.
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.json()).toMatchObject({ status: 503, type: "MediaStoreUnavailableException" });
    // The visitor reads no internals; the operator reads which store refused what.
    expect(answer.body).not.toContain("Signature");
    const logged = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.msg === "the media store failed");
    expect(logged?.err?.message).toContain("SignatureDoesNotMatch (HTTP 403)");
    expect(logged?.err?.message).toContain(`${s3.bucket}/${uploadFolder("product", sent)}/`);
    expect(s3.requests.filter((r) => r.code === "SignatureDoesNotMatch").length).toBe(1);
    const basePath = `/api/media/${uploadFolder("product", sent)}`;
    expect(await t.database.db.select().from(images).where(eq(images.basePath, basePath))).toEqual([]);
  });
});

describe("pictures named on MEDIA_PUBLIC_URL (a CDN in front of the bucket)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ now: NOW, media: s3.settings(), mediaPublicUrl: CDN });
  });
  afterAll(() => t.close());

  it("names the CDN's address in the storefront's vendors, menus and logo, and still serves /api/media", async () => {
    const list = await get(t.app, apiPath(endpoints.localities.vendors("riga", "size=5")));
    const vendor = list.body.content[0];
    expect(vendor.image.basePath).toMatch(/^https:\/\/media\.shop\.example\/pictures\/cover\/[0-9a-f]{16}$/);
    expect(vendor.imagePath).toMatch(
      /^https:\/\/media\.shop\.example\/pictures\/cover\/[0-9a-f]{16}\/\d+x\d+\.webp$/,
    );

    const [kitchen] = (await openRestaurants(t.app, 1)) as [OpenVendor];
    const manager = await staffSession(t, "MANAGER", "manager@cdn.example");
    const sent = await photo(1200, 800, "#117a65");
    const product = kitchen.products[0] as { id: number };
    expect((await uploadProductPhoto(t, manager, product.id, sent)).statusCode).toBe(200);
    const menu = await callEndpoint(t.app, endpoints.vendors.catalogue(kitchen.id), null);
    const shown = menu.body.sections
      .flatMap(
        (section: { products: Array<{ id: number; image: { basePath: string } }> }) => section.products,
      )
      .find((one: { id: number }) => one.id === product.id);
    expect(shown.image.basePath).toBe(`${CDN}/${uploadFolder("product", sent)}`);
    expect(JSON.stringify(menu.body)).not.toContain('"/api/media/');

    const owner = await staffSession(t, "OWNER", "owner@cdn.example");
    const logo = await uploadLogo(t, owner, await photo(800, 200, "#6c3483"));
    const { logoUrl } = logo.json();
    const { theme } = (await get(t.app, apiPath(endpoints.localities.params("riga")))).body;
    expect(theme.logoUrl).toBe(logoUrl.replace("/api/media", CDN));
    // The CDN's origin reads the same keys from this API when it is the CDN's origin.
    const served = await t.app.inject({
      method: "GET",
      url: `/api/media/${uploadFolder("product", sent)}/300x200.webp`,
    });
    expect(served.statusCode).toBe(200);
  });
});

describe("the demo seed on the S3 store", () => {
  // Seeding is the work of a first start: some seconds on a quiet machine, more beside other tests.
  it("draws the pictures the bucket lacks into it, and leaves those it has", {
    timeout: 120_000,
  }, async () => {
    // A bucket an earlier seed filled, but for its banners: the suite's drawn pictures, as kept there.
    const files = fs
      .readdirSync(TEST_MEDIA_DIR, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".webp") && !file.startsWith("banner"));
    for (const file of files)
      s3.keep(file.split(path.sep).join("/"), fs.readFileSync(path.join(TEST_MEDIA_DIR, file)), "image/webp");
    const before = s3.requests.length;
    const store = new S3MediaStore(s3.settings());
    // An empty database (the seed's work is the same on PGlite and PostgreSQL).
    expect(await seedDemoData(empty.db, { media: store, secrets: DEMO_SECRETS })).toBe(true);
    const named = await empty.db.select().from(images);
    const keys = named.flatMap((image) =>
      image.variants.map((variant) => `${image.basePath.replace("/api/media/", "")}/${variant.n}`),
    );
    expect(keys.filter((key) => !s3.objects.has(key))).toEqual([]);
    const put = s3.requests.slice(before).filter((r) => r.method === "PUT");
    expect(put.length).toBeGreaterThan(0);
    expect(put.every((r) => r.key.startsWith("banner/") && r.status === 200)).toBe(true);
    const banner = s3.objects.get(put[0]?.key as string);
    expect(banner).toMatchObject({ contentType: "image/webp", cacheControl: MEDIA_CACHE_CONTROL });
    expect((await sharp(banner?.bytes).metadata()).format).toBe("webp");
  });
});

describe("the demo's secrets, kept in the database", () => {
  const folders: string[] = [];
  const emptyFolder = () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-secrets-"));
    folders.push(folder);
    return folder;
  };
  // Each test starts on a database that has none yet.
  beforeEach(() => empty.db.delete(installationSecrets));
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("are made once, and found again by a process with another, empty data folder", async () => {
    const first = emptyFolder();
    const made = await loadOrCreateDemoSecrets(empty.db, first);
    expect(made.created).toBe(true);
    // The operator's copy, readable by the owner only.
    const copy = path.join(first, "demo-secrets.json");
    expect(JSON.parse(fs.readFileSync(copy, "utf8"))).toEqual(made.secrets);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o600);
    const elsewhere = emptyFolder();
    const found = await loadOrCreateDemoSecrets(empty.db, elsewhere);
    expect(found).toEqual({ secrets: made.secrets, created: false });
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it("are one set for processes starting together on one database", async () => {
    const starts = await Promise.all([1, 2, 3].map(() => loadOrCreateDemoSecrets(empty.db, emptyFolder())));
    expect(starts.filter((start) => start.created).length).toBe(1);
    for (const start of starts) expect(start.secrets).toEqual(starts[0]?.secrets);
  });

  it("are an earlier installation's own from its demo-secrets.json, completed once", async () => {
    const dataDir = emptyFolder();
    const earlier = { ...DEMO_SECRETS, staffPassword: undefined, vapid: undefined };
    fs.writeFileSync(path.join(dataDir, "demo-secrets.json"), JSON.stringify(earlier));
    const taken = await loadOrCreateDemoSecrets(empty.db, dataDir);
    expect(taken.secrets).toMatchObject({
      opsKeys: DEMO_SECRETS.opsKeys,
      externalSignInSecret: DEMO_SECRETS.externalSignInSecret,
    });
    expect(taken.secrets.staffPassword).toMatch(/^\w{16}$/);
    // What it lacked is new: shown once.
    expect(taken.created).toBe(true);
    const again = await loadOrCreateDemoSecrets(empty.db, emptyFolder());
    expect(again).toEqual({ secrets: taken.secrets, created: false });
  });
});

describe("the media store's settings", () => {
  const S3 = {
    MEDIA_STORE: "s3",
    S3_BUCKET: "shop-media",
    S3_ACCESS_KEY_ID: "AKIA1",
    S3_SECRET_ACCESS_KEY: "s",
  };

  it("keep pictures in the local folder unless MEDIA_STORE=s3", () => {
    expect(loadConfig({}).media).toEqual({ store: "local" });
    expect(
      loadConfig({ ...S3, S3_ENDPOINT: "http://127.0.0.1:9000", MEDIA_PUBLIC_URL: `${CDN}/` }),
    ).toMatchObject({
      media: {
        store: "s3",
        bucket: "shop-media",
        region: "us-east-1",
        endpoint: "http://127.0.0.1:9000",
        accessKeyId: "AKIA1",
        secretAccessKey: "s",
      },
      mediaPublicUrl: CDN,
    });
  });

  it("refuse MEDIA_STORE=s3 without its bucket or key, naming each missing setting", () => {
    expect(() => loadConfig({ MEDIA_STORE: "s3" })).toThrow(
      /S3_BUCKET: required with MEDIA_STORE=s3.*S3_ACCESS_KEY_ID: required.*S3_SECRET_ACCESS_KEY: required/,
    );
    expect(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: undefined })).toThrow(
      /^Invalid configuration: S3_SECRET_ACCESS_KEY: required with MEDIA_STORE=s3$/,
    );
    expect(() => loadConfig({ ...S3, S3_BUCKET: "Not_A_Bucket" })).toThrow(/S3_BUCKET: a bucket's name/);
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: "https://cdn.example/?v=1" })).toThrow(/MEDIA_PUBLIC_URL/);
  });

  it("stop the server's start with that message", { timeout: 60_000 }, async () => {
    const refused = await runRefusedStart({
      MEDIA_STORE: "s3",
      S3_ACCESS_KEY_ID: "AKIA1",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain("S3_BUCKET: required with MEDIA_STORE=s3");
  });
});
