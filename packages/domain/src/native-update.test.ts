import { describe, expect, it } from "vitest";
import {
  compareVersions,
  planUpdate,
  releaseFor,
  type UpdateRelease,
  type UpdateState,
} from "./native-update.ts";

const release: UpdateRelease = {
  version: "1.5.0",
  url: "https://shop.example/updates/demo/customer/bundles/1.5.0.zip",
  minNativeVersion: "1.2.0",
  appStoreLink: "https://play.google.com/store/apps/details?id=example.demo",
};
const state: UpdateState = {
  nativeVersion: "1.3.0",
  currentVersion: "1.4.0",
  lastInstalledVersion: "1.4.0",
  brokenVersion: null,
};

describe("planUpdate", () => {
  it.each<[string, Partial<UpdateState>, Partial<UpdateRelease>, ReturnType<typeof planUpdate>]>([
    ["a newer release is downloaded and switched to", {}, {}, { kind: "install", release }],
    ["a release marked broken is skipped", { brokenVersion: "1.5.0" }, {}, { kind: "skip" }],
    [
      "a broken mark of another release does not stop a new one",
      { brokenVersion: "1.4.5" },
      {},
      { kind: "install", release },
    ],
    [
      "the last installed release is current: the mark is cleared, the running bundle and it are kept",
      { lastInstalledVersion: "1.5.0", brokenVersion: "1.4.5" },
      {},
      { kind: "current", keep: ["1.4.0", "1.5.0"] },
    ],
    [
      "the running release is current",
      { currentVersion: "1.5.0", lastInstalledVersion: null },
      {},
      { kind: "current", keep: ["1.5.0"] },
    ],
    [
      "an app older than the release's minimum is asked to update from the store",
      { nativeVersion: "1.1.9" },
      {},
      { kind: "updateApp", appStoreLink: release.appStoreLink },
    ],
    [
      "an app at exactly the minimum takes the release",
      { nativeVersion: "1.2" },
      { minNativeVersion: "1.2.0" },
      { kind: "install", release: { ...release, minNativeVersion: "1.2.0" } },
    ],
    [
      "a broken release is skipped before the app's version is looked at",
      { nativeVersion: "0.1.0", brokenVersion: "1.5.0" },
      {},
      { kind: "skip" },
    ],
    [
      "an older release than the running one is still the partner's choice: a rollback installs",
      { currentVersion: "1.6.0", lastInstalledVersion: "1.6.0" },
      {},
      { kind: "install", release },
    ],
  ])("%s", (_, changes, remote, plan) => {
    expect(planUpdate({ ...state, ...changes }, { ...release, ...remote })).toEqual(plan);
  });
});

describe("compareVersions", () => {
  it.each([
    ["1.10.0", "1.9.9", 1],
    ["1.2", "1.2.0", 0],
    ["2.0.0", "10.0.0", -1],
    ["1.0.0-beta", "1.0.0-alpha", 1],
    [" 3.1 ", "3.1", 0],
  ])("%s against %s is %i", (a, b, order) => {
    expect(compareVersions(a, b)).toBe(order);
    expect(compareVersions(b, a)).toBe(-order || 0);
  });
});

describe("releaseFor", () => {
  it("reads a platform's release", () => {
    expect(releaseFor({ android: release }, "android")).toEqual(release);
  });

  it.each([
    ["no metadata", null],
    ["another platform only", { ios: release }],
    ["no url", { android: { ...release, url: "" } }],
    ["a version that is not text", { android: { ...release, version: 15 } }],
    ["a checksum that is not SHA-256", { android: { ...release, checksum: "abc" } }],
  ])("gives nothing for %s", (_, metadata) => {
    expect(releaseFor(metadata, "android")).toBeNull();
  });
});
