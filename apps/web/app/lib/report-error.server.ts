import { webConfig } from "./config.server.ts";

type Sentry = typeof import("@sentry/node");
let sentry: Promise<Sentry> | null = null;

/** Sentry's SDK, started on first use when a DSN is configured. */
function sentryClient(): Promise<Sentry> | null {
  if (!webConfig.sentryDsn) return null;
  sentry ??= import("@sentry/node").then((client) => {
    client.init({ dsn: webConfig.sentryDsn, release: webConfig.buildVersion, defaultIntegrations: false });
    return client;
  });
  return sentry;
}

/**
 * Where failures of public data go: Sentry when SENTRY_DSN is set, otherwise the server log as one
 * JSON line on the error stream, which the deployment's log collector picks up.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  const client = sentryClient();
  if (client) {
    void client.then((s) => s.captureException(error, { extra: context }));
    return;
  }
  const detail =
    error instanceof Error
      ? { name: error.name, message: error.message, status: (error as { status?: number }).status }
      : { message: String(error) };
  console.error(
    JSON.stringify({
      level: "error",
      source: "storefront",
      ...context,
      ...detail,
      at: new Date().toISOString(),
    }),
  );
}
