import { Preferences } from "@capacitor/preferences";
import { LiveUpdate as LiveUpdatePlugin } from "@capawesome/capacitor-live-update";
import type { LiveUpdate, UpdateMemory } from "./live-update.ts";

/**
 * The app's side of the updater's interfaces: bundles through Capawesome's live-update plugin
 * (self-hosted zip archives, SHA-256 checked by the plugin, switched at the next start), and what
 * the updater remembers in the platform's preferences.
 */

/** The published checksum is hex; the plugin takes the same SHA-256 in base64. */
export function checksumForPlugin(hex: string): string {
  const bytes = hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [];
  return btoa(String.fromCharCode(...bytes));
}

export const capacitorLiveUpdate: LiveUpdate = {
  async download({ version, url, checksum }) {
    await LiveUpdatePlugin.downloadBundle({
      bundleId: version,
      url,
      artifactType: "zip",
      ...(checksum ? { checksum: checksumForPlugin(checksum) } : {}),
    });
  },
  async setNext(version) {
    await LiveUpdatePlugin.setNextBundle({ bundleId: version });
  },
  async bundles() {
    return (await LiveUpdatePlugin.getBundles()).bundleIds;
  },
  async delete(version) {
    await LiveUpdatePlugin.deleteBundle({ bundleId: version });
  },
};

const MEMORY_KEY = "storefront.update";

export const preferencesMemory: UpdateMemory = {
  async read() {
    const { value } = await Preferences.get({ key: MEMORY_KEY });
    const stored = (value ? JSON.parse(value) : {}) as Partial<{
      lastInstalledVersion: string | null;
      brokenVersion: string | null;
    }>;
    return {
      lastInstalledVersion: stored.lastInstalledVersion ?? null,
      brokenVersion: stored.brokenVersion ?? null,
    };
  },
  async write(changes) {
    const current = await preferencesMemory.read();
    await Preferences.set({ key: MEMORY_KEY, value: JSON.stringify({ ...current, ...changes }) });
  },
};

/** The downloaded bundle the app runs, or null for the one it was built with. */
export async function runningBundle(): Promise<string | null> {
  return (await LiveUpdatePlugin.getCurrentBundle()).bundleId;
}

/** Tells the plugin this bundle started well; without it the plugin goes back to the last good one. */
export async function bundleStarted(): Promise<void> {
  await LiveUpdatePlugin.ready();
}

/** Starts the bundle set for the next start now. */
export async function restartWithNextBundle(): Promise<void> {
  await LiveUpdatePlugin.reload();
}
