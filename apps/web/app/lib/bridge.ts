import { PositionError } from "./position-error.ts";

/**
 * What the storefront asks of the device it runs on. This is the browser's: the web's geolocation and
 * connection events, nothing native. The app's bundle swaps it for `bridge.app.ts`, which asks the
 * native shell (Capacitor).
 */

export { PositionError, type PositionFailure } from "./position-error.ts";

/** GeolocationPositionError.PERMISSION_DENIED; a browser does not say whether location is off. */
const PERMISSION_DENIED = 1;

export function readPosition(options: PositionOptions): Promise<{ latitude: number; longitude: number }> {
  if (!("geolocation" in navigator)) return Promise.reject(new PositionError("denied", "no geolocation"));
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) =>
        reject(
          new PositionError(
            error.code === PERMISSION_DENIED ? "denied" : "unavailable",
            error.message || String(error.code),
          ),
        ),
      options,
    ),
  );
}

/** Whether the device's location settings can be opened from the page: only in the Android app. */
export function canOpenLocationSettings(): boolean {
  return false;
}

export async function openLocationSettings(): Promise<void> {}

/** Calls the listener when the page comes back to the front. */
export function onResume(listener: () => void): () => void {
  const visible = () => {
    if (document.visibilityState === "visible") listener();
  };
  document.addEventListener("visibilitychange", visible);
  return () => document.removeEventListener("visibilitychange", visible);
}

export function onConnectionChange(listener: (online: boolean) => void): () => void {
  const online = () => listener(true);
  const offline = () => listener(false);
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  return () => {
    window.removeEventListener("online", online);
    window.removeEventListener("offline", offline);
  };
}

declare global {
  interface Window {
    /** A partner's React Native app that shows the storefront in its webview. */
    ReactNativeWebView?: { postMessage(message: string): void };
    /** A partner's iOS app (WKWebView) with a `storefront` message handler. */
    webkit?: { messageHandlers?: { storefront?: { postMessage(message: unknown): void } } };
  }
}

/** What the host webview is told when the storefront's page closes (foundations §1). */
export const PAGE_CLOSED_MESSAGE = JSON.stringify({ type: "storefrontClosed" });

function tellHostPageClosed(event: PageTransitionEvent): void {
  // A page kept in the back-forward cache is not closed.
  if (event.persisted) return;
  window.ReactNativeWebView?.postMessage(PAGE_CLOSED_MESSAGE);
  window.webkit?.messageHandlers?.storefront?.postMessage(PAGE_CLOSED_MESSAGE);
}

/**
 * The storefront is on screen. On the web: a partner's app that shows it in a webview is told when
 * the page closes (through React Native's or WKWebView's message channel, whichever it has).
 */
export function pageReady(): void {
  window.removeEventListener("pagehide", tellHostPageClosed);
  window.addEventListener("pagehide", tellHostPageClosed);
}

/** Calls the listener once a newer app bundle is ready (the app's); never on the web. */
export function onUpdateReady(_listener: () => void): () => void {
  return () => {};
}

export async function restartApp(): Promise<void> {}

/** The device's push token and the push project, for the customer's session; none on the web. */
export async function pushRegistration(): Promise<{ token: string; projectId: string } | null> {
  return null;
}
