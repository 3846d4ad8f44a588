import type { NativePartner } from "./capacitor-config.ts";
import type { Publication } from "./publish-update.ts";

/**
 * What `npm run app:release` publishes for a partner's app (scripts/release.ts): its bundle under
 * the version given (1.0.0 by default, the first release a fresh demo needs), for both platforms,
 * read at the partner's updates address, and run by any app from `minNativeVersion` on. The store
 * links are where an app too old for a release is sent: the partner's own, or the stores' pages of
 * the app's id.
 */
export function releaseOf(
  partner: NativePartner,
  options: {
    version?: string | undefined;
    minNativeVersion?: string | undefined;
    iosStore?: string | undefined;
    androidStore?: string | undefined;
  },
): Omit<Publication, "bundleDir" | "updatesDir"> {
  return {
    updatesUrl: partner.updatesUrl,
    partnerCode: partner.partnerCode,
    version: options.version ?? "1.0.0",
    minNativeVersion: options.minNativeVersion ?? "1.0.0",
    appStoreLinks: {
      android: options.androidStore ?? `https://play.google.com/store/apps/details?id=${partner.appId}`,
      ios: options.iosStore ?? `https://apps.apple.com/search?term=${encodeURIComponent(partner.appName)}`,
    },
  };
}
