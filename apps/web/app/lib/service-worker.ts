import { useEffect } from "react";

/** Where the build puts the worker (apps/web/vite/service-worker.ts); its scope is the whole site. */
const WORKER_URL = "/sw.js";

/**
 * Installs the storefront's service worker once the page has loaded (it keeps the shell and the
 * last menus seen for browsing offline). Not in the native app: its files are on the device.
 */
export function useServiceWorker(native: boolean): void {
  useEffect(() => {
    if (native || !("serviceWorker" in navigator)) return;
    // A development server has no worker to install: nothing to do.
    const register = () => void navigator.serviceWorker.register(WORKER_URL).catch(() => {});
    if (document.readyState === "complete") register();
    else window.addEventListener("load", register, { once: true });
    return () => window.removeEventListener("load", register);
  }, [native]);
}
