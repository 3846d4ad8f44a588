/**
 * The address of a picture the API names by its path (`/api/media/…`): on the web, the page's own
 * origin serves it. The native app's bundle swaps this module for `media-url.app.ts`.
 */
export function mediaUrl(path: string): string {
  return path;
}

/** A `srcset` of such paths. */
export function mediaSrcSet(srcSet: string | undefined): string | undefined {
  return srcSet;
}
