import { webConfig } from "./config.app.ts";

/**
 * The native app's twin of `media-url.ts`: its page is served from the device, so a path on the
 * storefront's server gets the server's origin.
 */
const serverOrigin = new URL(webConfig.apiUrl).origin;

export function mediaUrl(path: string): string {
  return path.startsWith("/") && !path.startsWith("//") ? `${serverOrigin}${path}` : path;
}

export function mediaSrcSet(srcSet: string | undefined): string | undefined {
  return srcSet
    ?.split(",")
    .map((candidate) => {
      const [url = "", ...descriptor] = candidate.trim().split(/\s+/);
      return [mediaUrl(url), ...descriptor].join(" ");
    })
    .join(", ");
}
