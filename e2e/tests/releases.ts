import fs from "node:fs";
import path from "node:path";
import { publishUpdate } from "@storefront/native/publish-update";
import { dataDir } from "../server-data.ts";

/** A release the partner published that needs the app at 9.0.0 or newer, on Android. */
export const STORE = "https://play.google.com/store/apps/details?id=com.example.dostavka";
export async function publishReleaseNeeding9(baseURL: string) {
  const bundleDir = path.join(dataDir, "app-bundle-9.0.0");
  fs.mkdirSync(bundleDir, { recursive: true });
  fs.writeFileSync(path.join(bundleDir, "index.html"), "<!doctype html><title>Dostavka 9.0.0</title>");
  await publishUpdate({
    bundleDir,
    updatesDir: path.join(dataDir, "updates"),
    updatesUrl: `${baseURL}/updates`,
    partnerCode: "demo",
    version: "9.0.0",
    minNativeVersion: "9.0.0",
    appStoreLinks: { android: STORE },
  });
}

/**
 * A release of the partner's bundle for iOS that any app from 1.0.0 runs, published as the build
 * publishes one: an archive of a bundle and the metadata naming it.
 */
export async function publishIosRelease(baseURL: string, version: string) {
  const bundleDir = path.join(dataDir, `app-bundle-${version}`);
  fs.mkdirSync(bundleDir, { recursive: true });
  fs.writeFileSync(path.join(bundleDir, "index.html"), `<!doctype html><title>Dostavka ${version}</title>`);
  const metadata = await publishUpdate({
    bundleDir,
    updatesDir: path.join(dataDir, "updates"),
    updatesUrl: `${baseURL}/updates`,
    partnerCode: "demo",
    version,
    minNativeVersion: "1.0.0",
    appStoreLinks: { ios: "https://apps.apple.com/app/id0000000000" },
  });
  const release = metadata.ios;
  if (!release) throw new Error("no iOS release published");
  return release;
}
