import { isRouteErrorResponse } from "react-router";
import { ConsoleApiError } from "./api.ts";

/** What a screen that could not load tells the member. */
export type PageErrorKind = "notFound" | "forbidden" | "failed";

/**
 * Why a screen could not load, as the member can act on it. A path that leads nowhere, and a link
 * whose order, vendor or page does not exist (or is another partner's: the API answers 404) or whose
 * id is not one (400), are "not found"; what the member's role does not open is "forbidden"; anything
 * else (the API down, a fault) is a failure worth another try.
 */
export function pageErrorKind(error: unknown): PageErrorKind {
  const status =
    error instanceof ConsoleApiError ? error.status : isRouteErrorResponse(error) ? error.status : null;
  if (status === 400 || status === 404) return "notFound";
  if (status === 403) return "forbidden";
  return "failed";
}
