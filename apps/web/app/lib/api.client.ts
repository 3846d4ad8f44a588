import type { ApiError } from "@storefront/domain/contract";
import type { Endpoint } from "@storefront/domain/endpoints";
import { pageCredentials } from "./credentials.ts";

/** The API from the browser, with the headers every request carries. */
export interface ClientApi {
  partnerCode: string;
  buildVersion: string;
  apiBase: string;
}

function headersOf(api: ClientApi, locale: string): Record<string, string> {
  return {
    "X-Partner-Code": api.partnerCode,
    "X-Build-Version": api.buildVersion,
    "Accept-Language": locale,
    ...pageCredentials().headers,
  };
}

/** A GET whose answer is not JSON (a PDF, a plain-text URL): the raw response, or null offline. */
export function clientFetch(api: ClientApi, endpoint: Endpoint, locale: string): Promise<Response | null> {
  return fetch(`${api.apiBase}${endpoint.path}`, {
    headers: headersOf(api, locale),
    credentials: pageCredentials().credentials,
  }).catch(() => null);
}

export async function clientGet<T>(
  api: ClientApi,
  endpoint: Endpoint<T>,
  locale: string,
  signal?: AbortSignal,
): Promise<T> {
  const response = await fetch(`${api.apiBase}${endpoint.path}`, {
    headers: headersOf(api, locale),
    credentials: pageCredentials().credentials,
    signal: signal ?? null,
  });
  if (!response.ok) throw new ClientGetError(response.status);
  return (await response.json()) as T;
}

/** A GET the API answered with an error status. */
export class ClientGetError extends Error {
  constructor(readonly status: number) {
    super(`API answered ${status}`);
  }
}

/**
 * A POST sent and not waited for, that still goes as the page is closed: a keepalive fetch, which
 * (unlike `navigator.sendBeacon`) carries the partner's header and, in the native app, its token.
 */
export function clientBeacon<Body>(
  api: ClientApi,
  endpoint: Endpoint<unknown, Body>,
  locale: string,
  body: Body,
) {
  try {
    void fetch(`${api.apiBase}${endpoint.path}`, {
      method: endpoint.method,
      headers: { ...headersOf(api, locale), "Content-Type": "application/json" },
      credentials: pageCredentials().credentials,
      keepalive: true,
      body: JSON.stringify(body),
    }).catch(() => {});
  } catch {
    // What is sent this way must never break the page.
  }
}

/** The outcome of a change sent to the API: its answer, or its error body and status. */
export type Sent<T> = { ok: true; body: T } | { ok: false; status: number; error: ApiError | null };

export async function clientSend<T, Body = unknown>(
  api: ClientApi,
  endpoint: Endpoint<T, Body>,
  locale: string,
  body?: Body,
  extraHeaders: Record<string, string> = {},
): Promise<Sent<T>> {
  try {
    const response = await fetch(`${api.apiBase}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        ...headersOf(api, locale),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...extraHeaders,
      },
      credentials: pageCredentials().credentials,
      // A change sent as the page goes away still reaches the server.
      keepalive: true,
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text ? JSON.parse(text) : null;
    return response.ok
      ? { ok: true, body: parsed as T }
      : { ok: false, status: response.status, error: parsed as ApiError | null };
  } catch {
    return { ok: false, status: 0, error: null };
  }
}
