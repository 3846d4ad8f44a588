import { App } from "@capacitor/app";
import { Capacitor } from "@capacitor/core";
import { Geolocation } from "@capacitor/geolocation";
import { Network } from "@capacitor/network";
import { PushNotifications } from "@capacitor/push-notifications";
import { SplashScreen } from "@capacitor/splash-screen";
import {
  bundleStarted,
  capacitorLiveUpdate,
  preferencesMemory,
  restartWithNextBundle,
  runningBundle,
} from "@storefront/native/capacitor-live-update";
import type { LiveUpdate, UpdateMemory } from "@storefront/native/updater";
import { AndroidSettings, IOSSettings, NativeSettings } from "capacitor-native-settings";

/**
 * What the app's bundle asks of the native shell, in one place: the Capacitor plugins in the app,
 * or, in a browser test, the test bridge's stand-ins for whichever of them it gives.
 */
export interface NativeDevice {
  platform: "ios" | "android";
  /** The app's own version (its store build). */
  appVersion(): Promise<string | null>;
  /** Rejects with the plugin's `code` (`OS-PLUG-GLOC-0003` denied, `…0007` location off). */
  getCurrentPosition(options: PositionOptions): Promise<{ latitude: number; longitude: number }>;
  openLocationSettings(): Promise<void>;
  onResume(listener: () => void): () => void;
  onNetworkChange(listener: (online: boolean) => void): () => void;
  hideSplash(): Promise<void>;
  /** The device's push token once the customer allowed messages; null when refused. */
  registerPush(): Promise<string | null>;
  onPushTap(listener: (data: unknown) => void): () => void;
  /** The web bundles on the device, and what the updater remembers (ordering-flow §4). */
  liveUpdate: LiveUpdate;
  updateMemory: UpdateMemory;
  /** The downloaded bundle running now; null for the one the app was built with. */
  runningBundle(): Promise<string | null>;
  /** This bundle started well (else the shell goes back to the last good one). */
  bundleStarted(): Promise<void>;
  /** Starts the bundle set for the next start now. */
  restart(): Promise<void>;
}

declare global {
  interface Window {
    /** Installed by browser tests of the app's bundle in place of the native shell. */
    storefrontTestBridge?: Partial<NativeDevice>;
  }
}

function listening(handle: Promise<{ remove: () => Promise<void> }>): () => void {
  return () => void handle.then((listener) => listener.remove());
}

const capacitor: NativeDevice = {
  platform: Capacitor.getPlatform() === "ios" ? "ios" : "android",
  async appVersion() {
    return Capacitor.isNativePlatform() ? (await App.getInfo()).version : null;
  },
  async getCurrentPosition(options) {
    const { coords } = await Geolocation.getCurrentPosition({
      enableHighAccuracy: options.enableHighAccuracy ?? false,
      timeout: options.timeout ?? 10_000,
      maximumAge: options.maximumAge ?? 0,
    });
    return { latitude: coords.latitude, longitude: coords.longitude };
  },
  async openLocationSettings() {
    await NativeSettings.open({ optionAndroid: AndroidSettings.Location, optionIOS: IOSSettings.App });
  },
  onResume: (listener) => listening(App.addListener("resume", listener)),
  onNetworkChange: (listener) => {
    const added = Network.addListener("networkStatusChange", (status) => listener(status.connected));
    // The plugin's listener comes a moment after the page: a connection lost in between is said
    // too, from the status once the listener is there.
    void added
      .then(() => Network.getStatus())
      .then(
        (status) => {
          if (!status.connected) listener(false);
        },
        () => undefined,
      );
    return listening(added);
  },
  hideSplash: () => SplashScreen.hide(),
  async registerPush() {
    const permission = await PushNotifications.requestPermissions();
    if (permission.receive !== "granted") return null;
    const token = new Promise<string>((resolve, reject) => {
      void PushNotifications.addListener("registration", ({ value }) => resolve(value));
      void PushNotifications.addListener("registrationError", (error) => reject(new Error(error.error)));
    });
    await PushNotifications.register();
    return token;
  },
  onPushTap: (listener) =>
    listening(
      PushNotifications.addListener("pushNotificationActionPerformed", (action) =>
        listener(action.notification.data),
      ),
    ),
  liveUpdate: capacitorLiveUpdate,
  updateMemory: preferencesMemory,
  runningBundle,
  bundleStarted,
  restart: restartWithNextBundle,
};

/** The shell the bundle runs in: Capacitor's plugins, with a test's stand-ins where it gives any. */
export function nativeDevice(): NativeDevice {
  return { ...capacitor, ...window.storefrontTestBridge };
}
