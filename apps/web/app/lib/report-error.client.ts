/** Sends a failure the browser noticed to the storefront's error reporter; never throws. */
export function reportClientError(error: Error, what: string): void {
  const body = JSON.stringify({ message: error.message, what });
  try {
    if (!navigator.sendBeacon?.("/client-errors", new Blob([body], { type: "application/json" })))
      void fetch("/client-errors", { method: "POST", body, keepalive: true }).catch(() => {});
  } catch {
    // Reporting must never break the page.
  }
}
