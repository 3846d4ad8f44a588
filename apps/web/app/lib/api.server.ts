import type { ApiError } from "@storefront/domain/contract";
import { redirect } from "react-router";
import { webConfig } from "./config.server.ts";
import { reportError } from "./report-error.server.ts";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? `API answered ${status}`);
  }
}

/** What a loader passes along from the visitor's request: their language and cookies. */
export interface ApiCaller {
  locale: string;
  cookie: string | null;
}

export function callerOf(request: Request, locale: string): ApiCaller {
  return { locale, cookie: request.headers.get("Cookie") };
}

/** Calls the API from the server, with the partner and build headers every request carries. */
export async function apiGet<T>(path: string, caller: Partial<ApiCaller> = {}): Promise<T> {
  const headers: Record<string, string> = {
    "X-Partner-Code": webConfig.partnerCode,
    "X-Build-Version": webConfig.buildVersion,
    Accept: "application/json",
  };
  if (caller.locale) headers["Accept-Language"] = caller.locale;
  if (caller.cookie) headers.Cookie = caller.cookie;
  const response = await fetch(`${webConfig.apiUrl}${path}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    if (response.status === 423 && body?.errorCode === "partner_suspended" && body.redirectUrl) {
      // A suspended partner's visitors go to the page the partner named for it.
      throw redirect(body.redirectUrl, 302);
    }
    throw new ApiRequestError(response.status, body);
  }
  return (await response.json()) as T;
}

/** Statuses that are the visitor's situation rather than a fault: not reported. */
const QUIET_STATUSES = new Set([401, 403, 429]);

/**
 * Public data a page can live without (banners, categories…): a failure leaves it empty and goes to
 * the error reporter, so one broken call never takes the page down.
 */
export async function loadOptional<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof ApiRequestError && QUIET_STATUSES.has(error.status))) reportError(error, { what });
    return fallback;
  }
}

/** Posts to the API from the server; the raw answer, for callers that pass its cookies on. */
export function apiPost(path: string, body: unknown, caller: Partial<ApiCaller> = {}): Promise<Response> {
  return fetch(`${webConfig.apiUrl}${path}`, {
    method: "POST",
    headers: {
      "X-Partner-Code": webConfig.partnerCode,
      "X-Build-Version": webConfig.buildVersion,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(caller.locale ? { "Accept-Language": caller.locale } : {}),
      ...(caller.cookie ? { Cookie: caller.cookie } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}
