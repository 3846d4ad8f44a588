import { isThisComputer } from "@storefront/domain";
import { z } from "zod";

/** A partner's app: what `partners/{code}.json` says of it. */
export const nativePartnerSchema = z.object({
  partnerCode: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, "lower-case letters, digits and dashes"),
  /** The store's application id (Android's applicationId, iOS's bundle id): reverse-DNS. */
  appId: z
    .string()
    .regex(/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/, "reverse-DNS, e.g. com.example.shop, lower case"),
  appName: z.string().trim().min(1).max(30),
  brandColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, "#rrggbb"),
  /** The storefront the app opens (https, or http on this computer while trying it). */
  serverOrigin: z
    .url()
    .refine(
      (value) => new URL(value).protocol === "https:" || isThisComputer(new URL(value).hostname),
      "https, or http on localhost",
    ),
  /** Where the partner's releases are read (`{updatesUrl}/{partnerCode}/customer/metadata.json`). */
  updatesUrl: z.url(),
  /** The Firebase project of the app's push messages (its google-services.json); none, no push. */
  pushProjectId: z
    .string()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "a Firebase project id, e.g. dostavka-app")
    .optional(),
});
export type NativePartner = z.infer<typeof nativePartnerSchema>;

/**
 * The Capacitor configuration of a partner's app. The app runs its own web bundle from `www/` (the
 * storefront's app build, which calls the partner's API with a bearer token); the storefront's host
 * is the only other one the webview may navigate to (the card payment page).
 */
export function capacitorConfigFor(partner: NativePartner) {
  const host = new URL(partner.serverOrigin).hostname;
  return {
    appId: partner.appId,
    appName: partner.appName,
    webDir: "www",
    backgroundColor: partner.brandColor,
    server: {
      androidScheme: "https",
      allowNavigation: [host],
      cleartext: new URL(partner.serverOrigin).protocol === "http:",
    },
    android: { backgroundColor: partner.brandColor },
    ios: { backgroundColor: partner.brandColor, contentInset: "never" },
    plugins: {
      // The storefront hides the splash itself, 20 ms after it is on screen (section 10).
      SplashScreen: { launchAutoHide: false, backgroundColor: partner.brandColor },
      // The storefront's updater decides (ordering-flow §4); a bundle that never says it started
      // well within 10 s is rolled back by the plugin.
      LiveUpdate: { autoDeleteBundles: false, readyTimeout: 10_000 },
      Storefront: {
        partnerCode: partner.partnerCode,
        serverOrigin: new URL(partner.serverOrigin).origin,
        metadataUrl: `${partner.updatesUrl.replace(/\/+$/, "")}/${partner.partnerCode}/customer/metadata.json`,
      },
    },
  };
}

/**
 * What the storefront's app build (`npm run build:app -w @storefront/web`) is given for the partner:
 * the server its bundle talks to, the partner, and where the partner's releases are read.
 */
export function appBundleEnvironment(partner: NativePartner): Record<string, string> {
  return {
    STOREFRONT_TARGET: "app",
    APP_SERVER_ORIGIN: new URL(partner.serverOrigin).origin,
    PARTNER_CODE: partner.partnerCode,
    UPDATES_URL: partner.updatesUrl.replace(/\/+$/, ""),
    ...(partner.pushProjectId ? { PUSH_PROJECT_ID: partner.pushProjectId } : {}),
  };
}

/** What the app asks the system for: location for the nearest city, notifications for push. */
const ANDROID_PERMISSIONS = [
  "android.permission.ACCESS_COARSE_LOCATION",
  "android.permission.ACCESS_FINE_LOCATION",
  "android.permission.POST_NOTIFICATIONS",
];

/** The Android manifest with the app's permissions (`cap add` writes only INTERNET). */
export function withAndroidPermissions(manifest: string): string {
  const missing = ANDROID_PERMISSIONS.filter((permission) => !manifest.includes(`"${permission}"`));
  if (missing.length === 0) return manifest;
  const lines = missing
    .map((permission) => `    <uses-permission android:name="${permission}" />\n`)
    .join("");
  return manifest.replace("</manifest>", `${lines}</manifest>`);
}

/** The iOS Info.plist with the reason iOS shows when the app asks for the location. */
export function withIosLocationReason(plist: string, appName: string): string {
  if (plist.includes("NSLocationWhenInUseUsageDescription")) return plist;
  const reason = `${appName} uses your location to find the nearest city and delivery address.`.replace(
    /[<&>]/g,
    "",
  );
  return plist.replace(
    /<\/dict>\s*<\/plist>\s*$/,
    `\t<key>NSLocationWhenInUseUsageDescription</key>\n\t<string>${reason}</string>\n</dict>\n</plist>\n`,
  );
}
