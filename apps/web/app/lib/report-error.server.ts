/**
 * Where failures of public data go: the server log as one JSON line (the process's error stream),
 * which the deployment's log collector picks up.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
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
