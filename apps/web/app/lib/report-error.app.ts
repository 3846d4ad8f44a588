import { reportClientError } from "./report-error.client.ts";

/**
 * The native app's twin of `report-error.server.ts`: its loaders run in the webview, so what they
 * fail at goes where the page's own failures go.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  const what = typeof context.what === "string" ? context.what : "loader";
  reportClientError(error instanceof Error ? error : new Error(String(error)), what);
}
