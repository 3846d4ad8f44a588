// npm run publish:update -w @storefront/native -- --partner <code> --version <x.y.z> [--bundle <dir>]
//   (default: www/, the bundle `native:sync --version <x.y.z>` built for the partner)
//   --min-native <x.y.z> [--ios-store <link>] [--android-store <link>]
//   [--updates-dir <dir>] (default: the API's, DATA_DIR/updates) [--updates-url <url>] (PUBLIC_URL/updates)
import path from "node:path";
import { parseArgs } from "node:util";
import { publishUpdate } from "../src/publish-update.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const { values } = parseArgs({
  options: {
    bundle: { type: "string" },
    partner: { type: "string" },
    version: { type: "string" },
    "min-native": { type: "string" },
    "ios-store": { type: "string" },
    "android-store": { type: "string" },
    "updates-dir": { type: "string" },
    "updates-url": { type: "string" },
  },
});
const missing = ["partner", "version", "min-native"].filter((name) => !values[name as keyof typeof values]);
if (missing.length > 0) {
  console.error(`missing: ${missing.map((name) => `--${name}`).join(", ")}`);
  process.exit(2);
}
const dataDir = process.env.DATA_DIR ?? path.join(root, "data");
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
try {
  const metadata = await publishUpdate({
    bundleDir: path.resolve(values.bundle ?? path.join(import.meta.dirname, "../www")),
    updatesDir: path.resolve(
      values["updates-dir"] ?? process.env.UPDATES_DIR ?? path.join(dataDir, "updates"),
    ),
    updatesUrl: values["updates-url"] ?? process.env.UPDATES_URL ?? `${publicUrl}/updates`,
    partnerCode: values.partner as string,
    version: values.version as string,
    minNativeVersion: values["min-native"] as string,
    appStoreLinks: { ios: values["ios-store"], android: values["android-store"] },
  });
  console.log(JSON.stringify(metadata, null, 2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
