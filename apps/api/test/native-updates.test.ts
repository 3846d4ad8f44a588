import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FileLiveUpdate } from "@storefront/native/file-live-update";
import { publishUpdate } from "@storefront/native/publish-update";
import { checkForUpdate } from "@storefront/native/updater";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.ts";

/**
 * The native app's self-update against the API's real metadata and archives over HTTP: the build
 * publishes a release, the API serves it, and a device (its bundles and preferences as files)
 * downloads, checks, switches, marks what fails as broken and deletes what it no longer needs.
 */
const STORE = "https://play.google.com/store/apps/details?id=example.demo";
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "native-updates-"));
const updatesDir = path.join(scratch, "updates");
let t: TestApp;
let origin: string;
let metadataUrl: string;

beforeAll(async () => {
  t = await startTestApp({ updatesDir });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  origin = `http://127.0.0.1:${address.port}`;
  metadataUrl = `${origin}/updates/demo/customer/metadata.json`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A web bundle as the app build makes one: its page names its version. */
function bundle(version: string): string {
  const dir = path.join(scratch, `bundle-${version}`);
  fs.mkdirSync(path.join(dir, "assets"), { recursive: true });
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><title>Dostavka ${version}</title>`);
  fs.writeFileSync(path.join(dir, "assets/app.js"), `console.log(${JSON.stringify(version)});`);
  return dir;
}

const publish = (
  version: string,
  minNativeVersion = "1.0.0",
  links: { ios?: string; android?: string } = {},
) =>
  publishUpdate({
    bundleDir: bundle(version),
    updatesDir,
    updatesUrl: `${origin}/updates`,
    partnerCode: "demo",
    version,
    minNativeVersion,
    appStoreLinks: { android: STORE, ...links },
  });

/** A device with the app at `nativeVersion`, whose own bundle is 1.0.0; it counts the archives it fetches. */
function device(name: string, nativeVersion = "1.0.0") {
  const archives: string[] = [];
  const files = new FileLiveUpdate(path.join(scratch, `device-${name}`), {
    builtinVersion: "1.0.0",
    fetch: (input, init) => {
      archives.push(String(input));
      return fetch(input, init);
    },
  });
  const check = async () =>
    checkForUpdate({
      platform: "android",
      nativeVersion,
      currentVersion: await files.current(),
      metadataUrl,
      liveUpdate: files,
      memory: files,
    });
  return { files, check, archives };
}

describe("the API", () => {
  it("serves a partner's metadata, revalidated on every read, and its archives as immutable", async () => {
    const metadata = await publish("1.1.0", "1.0.0", { ios: "https://apps.apple.com/app/id1" });
    const read = await fetch(metadataUrl);
    expect(read.status).toBe(200);
    expect(read.headers.get("cache-control")).toBe("no-cache");
    expect(read.headers.get("access-control-allow-origin")).toBe("*");
    expect(await read.json()).toEqual(metadata);
    const again = await fetch(metadataUrl, { headers: { "if-none-match": read.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);

    const archive = await fetch(metadata.android?.url ?? "");
    expect(archive.status).toBe(200);
    expect(archive.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(metadata.android?.url).toBe(`${origin}/updates/demo/customer/bundles/1.1.0.zip`);
    expect(metadata.ios?.appStoreLink).toBe("https://apps.apple.com/app/id1");

    expect((await fetch(`${origin}/updates/nobody/customer/metadata.json`)).status).toBe(404);
    expect((await fetch(`${origin}/updates/demo/customer/%2e%2e/%2e%2e/../package.json`)).status).toBe(404);
  });

  it("keeps another platform's release when one platform gets a new one", async () => {
    const metadata = await publish("1.1.1");
    expect(metadata.android?.version).toBe("1.1.1");
    expect(metadata.ios?.version).toBe("1.1.0");
  });

  it("refuses to publish a version again with other contents", async () => {
    const dir = bundle("1.1.1");
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>something else</title>");
    await expect(
      publishUpdate({
        bundleDir: dir,
        updatesDir,
        updatesUrl: `${origin}/updates`,
        partnerCode: "demo",
        version: "1.1.1",
        minNativeVersion: "1.0.0",
        appStoreLinks: { android: STORE },
      }),
    ).rejects.toThrow("published already with other contents");
  });
});

describe("a device", () => {
  it("downloads a release, switches to it at its next start, and deletes the bundle it left", async () => {
    await publish("1.2.0");
    const phone = device("takes-releases");
    expect(await phone.check()).toEqual({ kind: "installed", version: "1.2.0" });
    // Still the app's own bundle until the next start, then the new one.
    expect(await phone.files.current()).toBe("1.0.0");
    expect(await phone.files.start()).toBe("1.2.0");
    expect(await phone.files.fileOf("1.2.0", "index.html")).toContain("Dostavka 1.2.0");
    expect(await phone.files.fileOf("1.2.0", "assets/app.js")).toContain('"1.2.0"');

    // Current: nothing is fetched again.
    expect(await phone.check()).toEqual({ kind: "current", version: "1.2.0", deleted: [] });
    expect(phone.archives).toHaveLength(1);

    await publish("1.3.0");
    expect(await phone.check()).toEqual({ kind: "installed", version: "1.3.0" });
    expect(await phone.files.start()).toBe("1.3.0");
    expect(await phone.check()).toEqual({ kind: "current", version: "1.3.0", deleted: ["1.2.0"] });
    expect(await phone.files.bundles()).toEqual(["1.3.0"]);
  });

  it("marks a release whose archive is not what was published as broken, and does not fetch it again", async () => {
    const metadata = await publish("1.4.0");
    const phone = device("meets-a-broken-release");
    // The archive changes after publishing (a bad upload): its checksum no longer holds.
    const archiveFile = path.join(updatesDir, "demo/customer/bundles/1.4.0.zip");
    fs.writeFileSync(archiveFile, zipSync({ "index.html": new TextEncoder().encode("tampered") }));

    const failed = await phone.check();
    expect(failed).toMatchObject({ kind: "failed", version: "1.4.0" });
    expect(failed.kind === "failed" && failed.reason).toContain(`is not ${metadata.android?.checksum}`);
    expect(await phone.files.read()).toEqual({ lastInstalledVersion: null, brokenVersion: "1.4.0" });
    expect(await phone.files.bundles()).toEqual([]);

    expect(await phone.check()).toEqual({ kind: "skipped", version: "1.4.0" });
    expect(phone.archives).toHaveLength(1);
    expect(await phone.files.start()).toBe("1.0.0");

    // The next release installs, and the broken mark goes.
    await publish("1.4.1");
    expect(await phone.check()).toEqual({ kind: "installed", version: "1.4.1" });
    expect(await phone.files.read()).toEqual({ lastInstalledVersion: "1.4.1", brokenVersion: null });
  });

  it("refuses an archive whose entries would leave the bundle's folder", async () => {
    const bytes = zipSync({
      "index.html": new TextEncoder().encode("<!doctype html>"),
      "../../escaped.txt": new TextEncoder().encode("outside"),
    });
    const home = path.join(updatesDir, "evil/customer");
    fs.mkdirSync(path.join(home, "bundles"), { recursive: true });
    fs.writeFileSync(path.join(home, "bundles/6.6.6.zip"), bytes);
    fs.writeFileSync(
      path.join(home, "metadata.json"),
      JSON.stringify({
        android: {
          version: "6.6.6",
          url: `${origin}/updates/evil/customer/bundles/6.6.6.zip`,
          minNativeVersion: "1.0.0",
          appStoreLink: STORE,
        },
      }),
    );
    const root = path.join(scratch, "device-evil");
    const files = new FileLiveUpdate(root, { builtinVersion: "1.0.0" });
    const outcome = await checkForUpdate({
      platform: "android",
      nativeVersion: "1.0.0",
      currentVersion: "1.0.0",
      metadataUrl: `${origin}/updates/evil/customer/metadata.json`,
      liveUpdate: files,
      memory: files,
    });
    expect(outcome).toMatchObject({ kind: "failed", version: "6.6.6" });
    expect(fs.existsSync(path.join(root, "escaped.txt"))).toBe(false);
    expect(fs.existsSync(path.join(scratch, "escaped.txt"))).toBe(false);
    expect(await files.bundles()).toEqual([]);
  });

  it("is asked to update the app from its store when the release needs a newer one, and downloads nothing", async () => {
    await publish("2.0.0", "2.0.0");
    const phone = device("too-old", "1.9.3");
    expect(await phone.check()).toEqual({ kind: "appUpdateNeeded", appStoreLink: STORE });
    expect(phone.archives).toEqual([]);
    expect(await phone.files.bundles()).toEqual([]);
    // The app at the minimum takes it.
    expect(await device("new-enough", "2.0.0").check()).toEqual({ kind: "installed", version: "2.0.0" });
  });

  it("changes nothing when the metadata cannot be read or has no release for its platform", async () => {
    const phone = device("offline");
    const unreachable = await checkForUpdate({
      platform: "android",
      nativeVersion: "1.0.0",
      currentVersion: "1.0.0",
      metadataUrl: `${origin}/updates/nobody/customer/metadata.json`,
      liveUpdate: phone.files,
      memory: phone.files,
    });
    expect(unreachable).toEqual({ kind: "unavailable", reason: "metadata answered 404" });
    const noIos = await checkForUpdate({
      platform: "ios",
      nativeVersion: "1.0.0",
      currentVersion: "1.0.0",
      metadataUrl: `${origin}/updates/evil/customer/metadata.json`,
      liveUpdate: phone.files,
      memory: phone.files,
    });
    expect(noIos).toEqual({ kind: "unavailable", reason: "no release for ios" });
    expect(await phone.files.read()).toEqual({ lastInstalledVersion: null, brokenVersion: null });
  });
});
