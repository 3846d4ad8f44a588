/**
 * The origins of the native app's webview, whose pages run the app's own bundle and call the API
 * from there: Capacitor's on iOS, and on Android with either scheme. APP_ORIGINS adds others (a
 * partner's app with its own scheme, a browser test serving the bundle).
 */
export const NATIVE_APP_ORIGINS = ["capacitor://localhost", "https://localhost", "http://localhost"];

/** APP_ORIGINS, origins separated by spaces, as a list beside the native app's own. */
export function appOriginsOf(setting: string | undefined): string[] {
  const extra = (setting ?? "").split(/\s+/).filter(Boolean);
  return [...new Set([...NATIVE_APP_ORIGINS, ...extra])];
}
