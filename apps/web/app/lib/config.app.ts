/** What the app's build was made for (set by vite/app-build.ts from the build's environment). */
declare const __STOREFRONT_APP__: {
  serverOrigin: string;
  partnerCode: string;
  buildVersion: string;
  updatesUrl: string | null;
  pushProjectId: string | null;
};

const app = __STOREFRONT_APP__;

/**
 * The native app's twin of `config.server.ts`: the same settings, fixed when its bundle is built.
 * Its loaders and its page reach the partner's API on the storefront's server over HTTPS.
 */
export const webConfig = {
  apiUrl: `${app.serverOrigin}/api`,
  apiUrlConfigured: true,
  partnerCode: app.partnerCode,
  /** The partner's storefront, where the app's share links lead. */
  publicUrl: app.serverOrigin,
  buildVersion: app.buildVersion,
  publicApiBase: `${app.serverOrigin}/api`,
  apiHostPrefix: false,
  sentryDsn: undefined,
  frameAncestors: ["'self'"],
  updatesUrl: app.updatesUrl ?? `${app.serverOrigin}/updates`,
  /** The push project (Firebase) the app's tokens belong to; without one the app asks for no token. */
  pushProjectId: app.pushProjectId,
};

export function browserApiBase(_pageUrl: URL): string {
  return webConfig.publicApiBase;
}
