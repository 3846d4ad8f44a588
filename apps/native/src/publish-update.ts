import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { NATIVE_PLATFORMS, type NativePlatform, type UpdateMetadata } from "@storefront/domain";
import { zipSync } from "fflate";

export interface Publication {
  /** The built web bundle for the app (its folder holds index.html). */
  bundleDir: string;
  /** Where the API serves updates from (its UPDATES_DIR). */
  updatesDir: string;
  /** The address the app reads them at (its UPDATES_URL), e.g. https://shop.example/updates. */
  updatesUrl: string;
  partnerCode: string;
  version: string;
  minNativeVersion: string;
  /** The store link of each platform the release is for. */
  appStoreLinks: Partial<Record<NativePlatform, string>>;
}

async function filesOf(dir: string, prefix = ""): Promise<Record<string, Uint8Array>> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const name = `${prefix}${entry.name}`;
    if (entry.isDirectory()) Object.assign(files, await filesOf(path.join(dir, entry.name), `${name}/`));
    else if (entry.isFile()) files[name] = await fs.readFile(path.join(dir, entry.name));
  }
  return files;
}

/** Readers see the old file or the new one, never half of one; two publishers never share a draft. */
async function writeAtomically(file: string, bytes: Uint8Array | string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.writeFile(draft, bytes);
  await fs.rename(draft, file);
}

/**
 * Publishes a release of the web bundle for the app: the archive under its version
 * (`{partner}/customer/bundles/{version}.zip`, never replaced by other contents), then the partner's
 * `metadata.json` naming it for each platform given (the other platforms' releases stay). The
 * metadata is written last, so an app never reads of an archive that is not there yet.
 */
export async function publishUpdate(publication: Publication): Promise<UpdateMetadata> {
  const { partnerCode, version } = publication;
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(partnerCode))
    throw new Error(`partner code ${partnerCode} is not one`);
  if (!/^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/.test(version)) throw new Error(`version ${version} is not one`);
  const platforms = NATIVE_PLATFORMS.filter((platform) => publication.appStoreLinks[platform]);
  if (platforms.length === 0) throw new Error("no platform: give the store link of ios, android or both");
  const files = await filesOf(publication.bundleDir);
  if (!files["index.html"]) throw new Error(`${publication.bundleDir} has no index.html`);

  // Fixed times and order: the same bundle makes the same archive, so republishing it is harmless.
  const archive = zipSync(
    Object.fromEntries(
      Object.keys(files)
        .sort()
        .map((name) => [name, [files[name] as Uint8Array, { mtime: new Date("2000-01-01T00:00:00Z") }]]),
    ),
  );
  const checksum = createHash("sha256").update(archive).digest("hex");
  const home = path.join(publication.updatesDir, partnerCode, "customer");
  const archiveFile = path.join(home, "bundles", `${version}.zip`);
  const existing = await fs.readFile(archiveFile).catch(() => null);
  if (existing && createHash("sha256").update(existing).digest("hex") !== checksum)
    throw new Error(`version ${version} is published already with other contents: give a new version`);
  if (!existing) await writeAtomically(archiveFile, archive);

  const metadataFile = path.join(home, "metadata.json");
  const metadata = JSON.parse(await fs.readFile(metadataFile, "utf8").catch(() => "{}")) as UpdateMetadata;
  const base = publication.updatesUrl.replace(/\/+$/, "");
  for (const platform of platforms) {
    metadata[platform] = {
      version,
      url: `${base}/${partnerCode}/customer/bundles/${version}.zip`,
      minNativeVersion: publication.minNativeVersion,
      appStoreLink: publication.appStoreLinks[platform] as string,
      checksum,
    };
  }
  await writeAtomically(metadataFile, `${JSON.stringify(metadata, null, 2)}\n`);
  return metadata;
}
