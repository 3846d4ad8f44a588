/**
 * Where the console's API is: this page's own origin (the API server hosts the console under
 * /console/), or the API's origin baked in at build time for a console served apart
 * (`VITE_CONSOLE_API_ORIGIN=https://api.shop.example npm run build -w @storefront/console`).
 */
export const API_ORIGIN: string = import.meta.env.VITE_CONSOLE_API_ORIGIN ?? "";

/** The URL of a console API path, on the API's origin. */
export function apiUrl(path: string): string {
  return `${API_ORIGIN}/api/console${path}`;
}
