import { App } from "@capacitor/app";
import { Capacitor } from "@capacitor/core";

declare global {
  interface Window {
    /** Installed by browser tests of the app's bundle in place of the native shell. */
    storefrontTestBridge?: { platform?: "ios" | "android"; appVersion?: string };
  }
}

/**
 * The platform the app's bundle runs on: the native shell's, or the one a browser test's bridge
 * gives. The bundle is made for the app alone: in a plain browser it says android.
 */
export function appPlatform(): "ios" | "android" {
  const platform = window.storefrontTestBridge?.platform ?? Capacitor.getPlatform();
  return platform === "ios" ? "ios" : "android";
}

/** The app's own version (its store build), as the shell reports it. */
export async function appVersion(): Promise<string | null> {
  const test = window.storefrontTestBridge;
  if (test) return test.appVersion ?? null;
  if (!Capacitor.isNativePlatform()) return null;
  return (await App.getInfo()).version;
}
