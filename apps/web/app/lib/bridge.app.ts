import { checkForUpdate } from "@storefront/native/updater";
import { webConfig } from "./config.app.ts";
import { nativeDevice } from "./native-device.ts";
import { PositionError } from "./position-error.ts";
import { reportClientError } from "./report-error.client.ts";

/**
 * The native app's twin of `bridge.ts`: the same questions, asked of the shell (`native-device.ts`:
 * Capacitor's plugins, or a browser test's stand-ins).
 */

export { PositionError, type PositionFailure } from "./position-error.ts";

/** The geolocation plugin's codes (its README): refused, and the device's location services off. */
const DENIED = new Set(["OS-PLUG-GLOC-0003", "OS-PLUG-GLOC-0008", "OS-PLUG-GLOC-0009"]);
const OFF = new Set(["OS-PLUG-GLOC-0007", "OS-PLUG-GLOC-0016"]);

export async function readPosition(
  options: PositionOptions,
): Promise<{ latitude: number; longitude: number }> {
  try {
    return await nativeDevice().getCurrentPosition(options);
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? "");
    const reason = DENIED.has(code) ? "denied" : OFF.has(code) ? "off" : "unavailable";
    throw new PositionError(reason, (error as Error).message || code);
  }
}

/** Section 8: on Android the app offers to open the location settings. */
export function canOpenLocationSettings(): boolean {
  return nativeDevice().platform === "android";
}

export function openLocationSettings(): Promise<void> {
  return nativeDevice().openLocationSettings();
}

export function onResume(listener: () => void): () => void {
  return nativeDevice().onResume(listener);
}

export function onConnectionChange(listener: (online: boolean) => void): () => void {
  return nativeDevice().onNetworkChange(listener);
}

/** Section 10: the native splash hides 20 ms after the storefront is ready. */
const SPLASH_HIDE_MS = 20;
let splashHidden = false;

/**
 * The storefront is on screen: the splash goes 20 ms later; this bundle is told good to the shell;
 * from now on a tap on a push message reaches the storefront's push tap handler (which remembers
 * taps until the storefront can open them); and the app looks for a newer bundle, now and each time
 * it comes back to the front.
 */
export function pageReady(): void {
  const device = nativeDevice();
  if (splashHidden) return;
  splashHidden = true;
  window.setTimeout(() => void device.hideSplash().catch(() => {}), SPLASH_HIDE_MS);
  void device.bundleStarted().catch(() => {});
  device.onPushTap((data) => window.storefrontPushTap?.(data));
  void lookForUpdate();
  device.onResume(() => void lookForUpdate());
}

let looking: Promise<void> | null = null;
const updateReady = new Set<() => void>();
let installed = false;

/**
 * One update check (ordering-flow §4, `checkForUpdate`): a release installed for the next start
 * is announced to `onUpdateReady`; an app too old for the release is the web's own alert's to say.
 */
function lookForUpdate(): Promise<void> {
  looking ??= (async () => {
    const device = nativeDevice();
    const nativeVersion = await device.appVersion();
    if (!nativeVersion) return;
    const outcome = await checkForUpdate({
      platform: device.platform,
      nativeVersion,
      currentVersion: (await device.runningBundle()) ?? webConfig.buildVersion,
      metadataUrl: `${webConfig.updatesUrl}/${webConfig.partnerCode}/customer/metadata.json`,
      liveUpdate: device.liveUpdate,
      memory: device.updateMemory,
    });
    if (outcome.kind === "installed") {
      installed = true;
      for (const listener of updateReady) listener();
    }
    if (outcome.kind === "failed") reportClientError(new Error(outcome.reason), "app update");
  })()
    .catch((error: Error) => reportClientError(error, "app update"))
    .finally(() => {
      looking = null;
    });
  return looking;
}

/** Calls the listener once a newer bundle is ready for the next start (section 8's alert). */
export function onUpdateReady(listener: () => void): () => void {
  if (installed) listener();
  updateReady.add(listener);
  return () => updateReady.delete(listener);
}

/** Starts the newer bundle now. */
export function restartApp(): Promise<void> {
  return nativeDevice().restart();
}

let registration: Promise<{ token: string; projectId: string } | null> | null = null;

/** Asks the shell for its push token once per start (it asks the customer's permission first). */
export function pushRegistration(): Promise<{ token: string; projectId: string } | null> {
  const projectId = webConfig.pushProjectId;
  if (!projectId) return Promise.resolve(null);
  registration ??= nativeDevice()
    .registerPush()
    .then((token) => (token ? { token, projectId } : null))
    .catch(() => null);
  return registration;
}
