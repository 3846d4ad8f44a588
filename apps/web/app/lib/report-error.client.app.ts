import { webConfig } from "./config.app.ts";

/**
 * The native app's twin of `report-error.client.ts`: its page is served from the device, so the
 * report goes to the storefront's server by its origin.
 */
const reportUrl = `${new URL(webConfig.apiUrl).origin}/client-errors`;

export function reportClientError(error: Error, what: string): void {
  const body = JSON.stringify({ message: error.message, what });
  try {
    void fetch(reportUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Reporting must never break the page.
  }
}
