import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nativePartnerSchema } from "./capacitor-config.ts";
import { releaseOf } from "./first-release.ts";

const demo = nativePartnerSchema.parse(
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../partners/demo.json"), "utf8")),
);

describe("the demo app's first release", () => {
  it("is 1.0.0 for both platforms, read where the demo app looks for updates", () => {
    expect(releaseOf(demo, {})).toEqual({
      updatesUrl: "http://localhost:3000/updates",
      partnerCode: "demo",
      version: "1.0.0",
      minNativeVersion: "1.0.0",
      appStoreLinks: {
        android: "https://play.google.com/store/apps/details?id=com.example.dostavka",
        ios: "https://apps.apple.com/search?term=Dostavka",
      },
    });
  });

  it("takes the version and store links given", () => {
    const release = releaseOf(demo, { version: "1.4.0", iosStore: "https://apps.apple.com/app/id1" });
    expect(release).toMatchObject({
      version: "1.4.0",
      appStoreLinks: { ios: "https://apps.apple.com/app/id1" },
    });
  });

  it("is the command the README's first screen gives", () => {
    const root = path.join(import.meta.dirname, "../../..");
    const scripts = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts;
    expect(scripts["app:release"]).toContain("native:release");
    const firstScreen = fs
      .readFileSync(path.join(root, "README.md"), "utf8")
      .split("\n")
      .slice(0, 20)
      .join("\n");
    expect(firstScreen).toContain("npm run app:release");
  });
});
