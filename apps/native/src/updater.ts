import { type NativePlatform, planUpdate, releaseFor } from "@storefront/domain";
import type { LiveUpdate, UpdateMemory } from "./live-update.ts";

export type { LiveUpdate, UpdateMemory };

/** What a check came to. */
export type UpdateOutcome =
  /** No metadata, or none for this platform: nothing was changed (the failure is only reported). */
  | { kind: "unavailable"; reason: string }
  | { kind: "skipped"; version: string }
  | { kind: "current"; version: string; deleted: string[] }
  | { kind: "appUpdateNeeded"; appStoreLink: string }
  | { kind: "installed"; version: string }
  | { kind: "failed"; version: string; reason: string };

export interface UpdateCheck {
  platform: NativePlatform;
  /** The installed app's own version. */
  nativeVersion: string;
  /** The web bundle running now. */
  currentVersion: string;
  /** `{updates}/{partnerCode}/customer/metadata.json`. */
  metadataUrl: string;
  liveUpdate: LiveUpdate;
  memory: UpdateMemory;
  fetch?: typeof fetch;
}

/**
 * One check for an update of the web bundle (ordering-flow §4): reads the partner's metadata and
 * follows the domain's plan. A download or unpacking that fails marks that release broken, so it is
 * not tried again; being current clears the mark and deletes the bundles no longer needed. The
 * caller shows the 'app should be updated' alert for `appUpdateNeeded`.
 */
export async function checkForUpdate(check: UpdateCheck): Promise<UpdateOutcome> {
  const fetchMetadata = check.fetch ?? fetch;
  let metadata: unknown;
  try {
    const answer = await fetchMetadata(check.metadataUrl);
    if (!answer.ok) return { kind: "unavailable", reason: `metadata answered ${answer.status}` };
    metadata = await answer.json();
  } catch (error) {
    return { kind: "unavailable", reason: `metadata unreadable: ${(error as Error).message}` };
  }
  const release = releaseFor(metadata, check.platform);
  if (!release) return { kind: "unavailable", reason: `no release for ${check.platform}` };

  const remembered = await check.memory.read();
  const plan = planUpdate(
    { nativeVersion: check.nativeVersion, currentVersion: check.currentVersion, ...remembered },
    release,
  );
  switch (plan.kind) {
    case "skip":
      return { kind: "skipped", version: release.version };
    case "updateApp":
      return { kind: "appUpdateNeeded", appStoreLink: plan.appStoreLink };
    case "current": {
      await check.memory.write({ brokenVersion: null });
      const deleted = (await check.liveUpdate.bundles()).filter((version) => !plan.keep.includes(version));
      for (const version of deleted) await check.liveUpdate.delete(version);
      return { kind: "current", version: release.version, deleted };
    }
    case "install":
      try {
        await check.liveUpdate.download(plan.release);
        await check.liveUpdate.setNext(plan.release.version);
      } catch (error) {
        await check.memory.write({ brokenVersion: plan.release.version });
        return { kind: "failed", version: plan.release.version, reason: (error as Error).message };
      }
      await check.memory.write({ lastInstalledVersion: plan.release.version, brokenVersion: null });
      return { kind: "installed", version: plan.release.version };
  }
}
