import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  appBundleEnvironment,
  capacitorConfigFor,
  nativePartnerSchema,
  withAndroidPermissions,
  withIosLocationReason,
} from "./capacitor-config.ts";

const app = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(app, file), "utf8");
const demo = nativePartnerSchema.parse(JSON.parse(read("partners/demo.json")));
const partner = { ...demo, appId: "com.example.shop", serverOrigin: "https://shop.example" };

describe("a partner's app configuration", () => {
  it("names the app, colours it, and lets the webview reach the storefront's host alone", () => {
    const config = capacitorConfigFor(partner);
    expect(config).toMatchObject({
      appId: "com.example.shop",
      appName: "Dostavka",
      backgroundColor: "#f97316",
      server: { allowNavigation: ["shop.example"], cleartext: false },
      plugins: {
        Storefront: {
          partnerCode: "demo",
          serverOrigin: "https://shop.example",
          metadataUrl: "http://localhost:3000/updates/demo/customer/metadata.json",
        },
      },
    });
  });

  it.each([
    ["serverOrigin", { serverOrigin: "http://shop.example" }],
    ["appId", { appId: "Shop" }],
    ["appId", { appId: "com.Example.shop" }],
    ["brandColor", { brandColor: "orange" }],
    ["partnerCode", { partnerCode: "Demo Partner" }],
    ["updatesUrl", { updatesUrl: "not an address" }],
    ["pushProjectId", { pushProjectId: "My Project" }],
  ])("refuses a partner file whose %s is wrong, naming it", (field, change) => {
    const parsed = nativePartnerSchema.safeParse({ ...demo, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join("."))).toEqual([field]);
  });

  it("builds the app's bundle for the partner's server and releases", () => {
    expect(appBundleEnvironment({ ...partner, updatesUrl: "https://cdn.example/updates/" })).toEqual({
      STOREFRONT_TARGET: "app",
      APP_SERVER_ORIGIN: "https://shop.example",
      PARTNER_CODE: "demo",
      UPDATES_URL: "https://cdn.example/updates",
    });
    expect(appBundleEnvironment({ ...partner, pushProjectId: "dostavka-app" }).PUSH_PROJECT_ID).toBe(
      "dostavka-app",
    );
  });
});

describe("every partner's app", () => {
  const files = fs.readdirSync(path.join(app, "partners")).filter((file) => file.endsWith(".json"));
  const partners = files.map((file) => nativePartnerSchema.parse(JSON.parse(read(`partners/${file}`))));

  it("is its own: one file per partner, named by its code, with an application id of its own", () => {
    expect(files.length).toBeGreaterThanOrEqual(2);
    expect(files).toEqual(partners.map((one) => `${one.partnerCode}.json`));
    expect(new Set(partners.map((one) => one.appId)).size).toBe(partners.length);
  });

  it("is built for its own storefront, code and colour: the second demo brand's, Verde", () => {
    const verde = partners.find((one) => one.partnerCode === "verde");
    expect(verde && appBundleEnvironment(verde)).toMatchObject({
      PARTNER_CODE: "verde",
      APP_SERVER_ORIGIN: "http://verde.localhost:3000",
    });
    expect(verde && capacitorConfigFor(verde)).toMatchObject({
      appId: "com.example.verde",
      appName: "Verde",
      backgroundColor: "#15803d",
      server: { allowNavigation: ["verde.localhost"], cleartext: true },
    });
  });
});

describe("what the app asks the system for", () => {
  it("adds location and notification permissions to the Android manifest, once", () => {
    const manifest =
      '<manifest>\n    <uses-permission android:name="android.permission.INTERNET" />\n</manifest>\n';
    const patched = withAndroidPermissions(manifest);
    expect(patched).toContain('"android.permission.ACCESS_FINE_LOCATION"');
    expect(patched).toContain('"android.permission.POST_NOTIFICATIONS"');
    expect(withAndroidPermissions(patched)).toBe(patched);
  });

  it("gives iOS the reason for the location, once", () => {
    const plist = "<plist>\n<dict>\n\t<key>A</key>\n\t<true/>\n</dict>\n</plist>\n";
    const patched = withIosLocationReason(plist, "Shop <b>");
    expect(patched).toContain("<key>NSLocationWhenInUseUsageDescription</key>");
    expect(patched).toContain("Shop b uses your location");
    expect(patched.endsWith("</dict>\n</plist>\n")).toBe(true);
    expect(withIosLocationReason(patched, "Shop")).toBe(patched);
  });
});

describe("the committed native project", () => {
  it("is the demo partner's, as npm run native:sync makes it", () => {
    expect(JSON.parse(read("capacitor.config.json"))).toEqual(capacitorConfigFor(demo));
    expect(read("android/app/build.gradle")).toContain(`applicationId "${demo.appId}"`);
    expect(read("android/app/src/main/res/values/strings.xml")).toContain(
      `<string name="app_name">${demo.appName}</string>`,
    );
    expect(read("android/app/src/main/AndroidManifest.xml")).toBe(
      withAndroidPermissions(read("android/app/src/main/AndroidManifest.xml")),
    );
    expect(read("ios/App/App/Info.plist")).toBe(
      withIosLocationReason(read("ios/App/App/Info.plist"), demo.appName),
    );
    expect(read("ios/App/App.xcodeproj/project.pbxproj")).toContain(
      `PRODUCT_BUNDLE_IDENTIFIER = ${demo.appId};`,
    );
  });
});
