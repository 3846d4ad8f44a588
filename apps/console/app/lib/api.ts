import type { ErrorName } from "@storefront/domain/contract";
import type { Endpoint, HttpMethod } from "@storefront/domain/endpoints";
import { redirect } from "react-router";
import { API_ORIGIN, apiUrl } from "./api-origin.ts";

/** An answer of the console's API that was not a success: its status and the API's error body. */
export class ConsoleApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type?: ErrorName;
      errorCode?: string;
      message?: string;
      details?: Array<{ field: string; message: string }>;
    },
    readonly retryAfterSeconds: number | null,
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

/** What goes with a call beside its endpoint: the body, and a signal that aborts it. */
interface CallInit<Body = unknown> {
  body?: Body;
  signal?: AbortSignal;
}

/** A JSON call; answers the parsed JSON (null for 204), a failure throws a ConsoleApiError. */
async function callJson<T>(
  url: string,
  method: HttpMethod,
  init: CallInit,
  extra: { credentials: RequestCredentials; headers?: Record<string, string> },
): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: extra.credentials,
    headers: { ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...extra.headers },
    body: init.body === undefined ? null : JSON.stringify(init.body),
    signal: init.signal ?? null,
  });
  if (response.status === 204) return null as T;
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const retryAfter = Number(response.headers.get("retry-after"));
    throw new ConsoleApiError(
      response.status,
      body,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
    );
  }
  return body as T;
}

/**
 * Calls the console's API (`/api/console/...`), on the console's own origin or the one it was built
 * for, with the member's session cookie.
 * Answers the parsed JSON; a failure throws a ConsoleApiError.
 */
export function consoleApi<T, Body = unknown>(
  endpoint: Endpoint<T, Body>,
  init: CallInit<Body> = {},
): Promise<T> {
  // A console served apart sends the member's cookie to the API's origin (CORS with credentials).
  return callJson<T>(apiUrl(endpoint.path), endpoint.method, init, {
    credentials: API_ORIGIN ? "include" : "same-origin",
  });
}

/** Calls the deployment operator's API (`/api/admin/...`) with the super-admin's key, and no cookie. */
export function adminApi<T, Body = unknown>(
  endpoint: Endpoint<T, Body>,
  key: string,
  init: CallInit<Body> = {},
): Promise<T> {
  return callJson<T>(`${API_ORIGIN}/api/admin${endpoint.path}`, endpoint.method, init, {
    credentials: "omit",
    headers: { authorization: `Bearer ${key}` },
  });
}

/** A signed-out member (401) goes to the sign-in page, and comes back here after. */
export function signInRedirect(error: unknown, locale: string, request: Request): never {
  if (error instanceof ConsoleApiError && error.status === 401) {
    const here = new URL(request.url);
    const next = `${here.pathname}${here.search}`;
    throw redirect(`/${locale}/sign-in?next=${encodeURIComponent(next.replace(/^\/console/, ""))}`);
  }
  throw error;
}

/** Sends a file as the body of a console call (a product's photo, a new banner); answers as `consoleApi`. */
export async function consoleUpload<T>(endpoint: Endpoint<T>, file: File): Promise<T> {
  const response = await fetch(apiUrl(endpoint.path), {
    method: endpoint.method,
    credentials: API_ORIGIN ? "include" : "same-origin",
    headers: { "content-type": file.type || "application/octet-stream" },
    body: file,
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new ConsoleApiError(response.status, body, null);
  return body as T;
}
