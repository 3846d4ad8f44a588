import { z } from "zod";

/** Settings of the web app's server side; nothing else reads process.env. */
const schema = z.object({
  PORT: z.coerce.number().int().default(3000),
  /** Where server-side loaders reach the API; the same process by default. */
  API_URL: z.string().url().optional(),
  PARTNER_CODE: z.string().default("demo"),
  BUILD_VERSION: z.string().default("dev"),
  /**
   * The storefront's own address, on which its absolute links (social previews, share links) are
   * built when no API process names the partner's recorded host; never the request's Host.
   */
  PUBLIC_URL: z.string().url().optional(),
  /** Where the browser reaches the API: the partner's API host, else the same origin's /api. */
  PUBLIC_API_URL: z.string().optional(),
  /** Serve the browser's API calls from the "api." host beside the storefront's (api.shop.example). */
  API_HOST_PREFIX: z.enum(["true", "false"]).default("false"),
  /**
   * Who may frame the storefront's pages (CSP frame-ancestors), e.g. "'self' capacitor://localhost"
   * for a native wrapper that shows them in a frame; sources separated by spaces.
   */
  FRAME_ANCESTORS: z
    .string()
    .trim()
    .regex(
      /^('none'|'self'|[a-z][a-z0-9+.-]*:(\/\/[^\s;,']+)?)(\s+('self'|[a-z][a-z0-9+.-]*:(\/\/[^\s;,']+)?))*$/i,
      "expected CSP sources such as 'self' https://app.example, separated by spaces",
    )
    .default("'self'"),
  /**
   * Where the native app's releases are published (`{UPDATES_URL}/{partnerCode}/customer/metadata.json`):
   * this site's /updates unless set, e.g. to object storage.
   */
  UPDATES_URL: z.string().url().optional(),
  /**
   * The API's MEDIA_PUBLIC_URL (a CDN or a bucket's address): the pictures its answers name load
   * from there, so the pages' Content-Security-Policy allows its origin.
   */
  MEDIA_PUBLIC_URL: z.string().url().optional(),
  /** Failures of public data go to Sentry when set; to the server log otherwise. */
  SENTRY_DSN: z.string().url().optional(),
});

const env = schema.parse(process.env);

export const webConfig = {
  apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.PORT}/api`).replace(/\/$/, ""),
  /** API_URL was set: the API is elsewhere, even when this build is hosted by an API process. */
  apiUrlConfigured: env.API_URL !== undefined,
  partnerCode: env.PARTNER_CODE,
  publicUrl: new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin,
  buildVersion: env.BUILD_VERSION,
  publicApiBase: env.PUBLIC_API_URL?.replace(/\/$/, "") ?? null,
  apiHostPrefix: env.API_HOST_PREFIX === "true",
  sentryDsn: env.SENTRY_DSN,
  frameAncestors: env.FRAME_ANCESTORS.split(/\s+/),
  updatesUrl: env.UPDATES_URL?.replace(/\/+$/, "") ?? null,
  mediaPublicUrl: env.MEDIA_PUBLIC_URL ?? null,
};

/**
 * Where the browser reaches the API: the configured URL, else the "api." host beside the page's
 * when that option is on, else the same origin's /api.
 */
export function browserApiBase(
  pageUrl: URL,
  config: Pick<typeof webConfig, "publicApiBase" | "apiHostPrefix"> = webConfig,
): string {
  if (config.publicApiBase) return config.publicApiBase;
  if (config.apiHostPrefix) return `${pageUrl.protocol}//api.${pageUrl.host}/api`;
  return "/api";
}
