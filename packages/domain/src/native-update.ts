/**
 * The native app's self-update of its web bundle (ordering-flow §3 "Native update metadata", §4
 * "Push and native update", §7): what to do with the release the partner has published.
 */

/** The platforms the app is built for. */
export const NATIVE_PLATFORMS = ["ios", "android"] as const;
export type NativePlatform = (typeof NATIVE_PLATFORMS)[number];

/** One platform's release in `metadata.json`; `checksum` (SHA-256 of the archive, hex) is ours. */
export interface UpdateRelease {
  version: string;
  url: string;
  minNativeVersion: string;
  appStoreLink: string;
  checksum?: string;
}

/** `{updates}/{partnerCode}/customer/metadata.json`: the release per platform. */
export type UpdateMetadata = Partial<Record<NativePlatform, UpdateRelease>>;

/** What the app knows of itself when it checks. */
export interface UpdateState {
  /** The version of the installed app itself (the store build). */
  nativeVersion: string;
  /** The web bundle running now (the one inside the app, or a downloaded one). */
  currentVersion: string;
  /** The last bundle downloaded and set to run, whether or not it runs yet. */
  lastInstalledVersion: string | null;
  /** A release whose update failed: it is not tried again. */
  brokenVersion: string | null;
}

export type UpdatePlan =
  /** The remote release is the broken one: nothing to do. */
  | { kind: "skip" }
  /** Up to date: the broken mark is cleared and every bundle but these is deleted. */
  | { kind: "current"; keep: string[] }
  /** The release needs a newer app: the 'app should be updated' alert, with the store's link. */
  | { kind: "updateApp"; appStoreLink: string }
  /** Download the release, then switch to it when it is ready. */
  | { kind: "install"; release: UpdateRelease };

/**
 * Compares dotted versions part by part, numerically where both parts are numbers ("1.10" is after
 * "1.9"); a missing part counts as 0.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split(".");
  const right = b.trim().split(".");
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i] ?? "0";
    const y = right[i] ?? "0";
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const order = numeric ? Number(x) - Number(y) : x.localeCompare(y);
    if (order !== 0) return Math.sign(order);
  }
  return 0;
}

/** Whether the installed app is older than the release needs: the 'app should be updated' alert. */
export function needsNewerApp(
  nativeVersion: string,
  release: Pick<UpdateRelease, "minNativeVersion">,
): boolean {
  return compareVersions(nativeVersion, release.minNativeVersion) < 0;
}

/**
 * The spec's rule, in its order: a broken release is skipped; a release already installed (or
 * running) is current; an app older than the release's `minNativeVersion` is asked to update from
 * the store; anything else is downloaded and switched to.
 */
export function planUpdate(state: UpdateState, release: UpdateRelease): UpdatePlan {
  if (state.brokenVersion === release.version) return { kind: "skip" };
  if (state.lastInstalledVersion === release.version || state.currentVersion === release.version) {
    const keep = [state.currentVersion, release.version];
    return { kind: "current", keep: [...new Set(keep)] };
  }
  if (needsNewerApp(state.nativeVersion, release))
    return { kind: "updateApp", appStoreLink: release.appStoreLink };
  return { kind: "install", release };
}

/** The release of one platform, when the metadata holds a usable one. */
export function releaseFor(metadata: unknown, platform: NativePlatform): UpdateRelease | null {
  if (typeof metadata !== "object" || metadata === null) return null;
  const release = (metadata as Record<string, unknown>)[platform];
  if (typeof release !== "object" || release === null) return null;
  const { version, url, minNativeVersion, appStoreLink, checksum } = release as Record<string, unknown>;
  const texts = [version, url, minNativeVersion, appStoreLink];
  if (!texts.every((value) => typeof value === "string" && value.length > 0)) return null;
  if (checksum !== undefined && (typeof checksum !== "string" || !/^[0-9a-f]{64}$/.test(checksum)))
    return null;
  return release as UpdateRelease;
}
