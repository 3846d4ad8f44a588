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
      (value) =>
        new URL(value).protocol === "https:" || ["localhost", "127.0.0.1"].includes(new URL(value).hostname),
      "https, or http on localhost",
    ),
  /** Where the partner's releases are read (`{updatesUrl}/{partnerCode}/customer/metadata.json`). */
  updatesUrl: z.url(),
});
export type NativePartner = z.infer<typeof nativePartnerSchema>;

/**
 * The Capacitor configuration of a partner's app. Until the app has its own web bundle (issue 16),
 * it opens the partner's storefront, which knows it is in the app from `?platform=` (the launcher
 * in `www/` adds it); the storefront's host is the only one the webview may navigate to.
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
      Storefront: {
        partnerCode: partner.partnerCode,
        serverOrigin: new URL(partner.serverOrigin).origin,
        metadataUrl: `${partner.updatesUrl.replace(/\/+$/, "")}/${partner.partnerCode}/customer/metadata.json`,
      },
    },
  };
}

/**
 * The launcher page of `www/`: it opens the storefront with the app's platform and version, so the
 * storefront shows what it shows in the app and can ask for a newer app when a release needs one. It has no words to translate: the brand colour until the
 * storefront's page replaces it.
 */
export function launcherPage(partner: NativePartner): string {
  const origin = JSON.stringify(new URL(partner.serverOrigin).origin);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${partner.appName.replace(/[<&>"]/g, "")}</title>
<style>html,body{margin:0;height:100%;background:${partner.brandColor}}</style>
</head>
<body>
<script>
  var capacitor = window.Capacitor;
  var platform = (capacitor && capacitor.getPlatform && capacitor.getPlatform()) || "web";
  var app = capacitor && capacitor.Plugins && capacitor.Plugins.App;
  var version = app ? app.getInfo().then(function (info) { return info.version; }, function () { return ""; }) : Promise.resolve("");
  version.then(function (appVersion) {
    var query = "?platform=" + encodeURIComponent(platform) + (appVersion ? "&appVersion=" + encodeURIComponent(appVersion) : "");
    location.replace(${origin} + "/" + query);
  });
</script>
</body>
</html>
`;
}
