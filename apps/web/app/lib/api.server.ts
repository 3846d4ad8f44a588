import type { ApiError } from "@storefront/domain/contract";
import type { Endpoint, HttpMethod } from "@storefront/domain/endpoints";
import { data } from "react-router";
import { webConfig } from "./config.server.ts";
import { loaderCredentials } from "./credentials.ts";
import { permanentRedirect } from "./redirects.ts";
import { reportError } from "./report-error.server.ts";
import { cookieHeaderOf } from "./visitor-cookies.ts";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? `API answered ${status}`);
  }
}

/**
 * What a loader passes along from the visitor's request: their language and cookies, and the page
 * request's id, so the API's log lines of its calls carry the page's id.
 */
export interface ApiCaller {
  /** The partner whose storefront the page is: the host's, when the API hosts this build. */
  partnerCode: string;
  locale: string;
  cookie: string | null;
  requestId: string | null;
}

/** The header of a request's id: the API's host sets it on each page request (a load balancer may). */
const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * The API process that hosts this build names each page's partner (by the visitor's host) in this
 * header, having set it itself; a storefront of its own serves PARTNER_CODE and reads no header.
 */
const PARTNER_HEADER = "X-Partner-Code";
let partnerNamedByHost = false;

/**
 * The API process that hosts this build also names the partner's own address for the page (the
 * visitor's host when the partner recorded it, else the partner's first recorded host or PUBLIC_URL).
 */
const ORIGIN_HEADER = "X-Storefront-Origin";

/** The partner a page request is for. */
export function partnerCodeOf(request: Request): string {
  return (partnerNamedByHost && request.headers.get(PARTNER_HEADER)) || webConfig.partnerCode;
}

/**
 * The storefront's address absolute links are built on: the partner's recorded host or PUBLIC_URL,
 * never the Host a request names (a forged one would otherwise be copied into the page).
 */
export function storefrontOriginOf(request: Request): URL {
  return new URL((partnerNamedByHost && request.headers.get(ORIGIN_HEADER)) || webConfig.publicUrl);
}

export function callerOf(request: Request, locale: string): ApiCaller {
  return {
    partnerCode: partnerCodeOf(request),
    locale,
    cookie: cookieHeaderOf(request),
    requestId: request.headers.get(REQUEST_ID_HEADER),
  };
}

/** One call of the server side to the API: a path under /api and what goes with it. */
export interface ApiCall {
  method: HttpMethod;
  headers: Record<string, string>;
  body: string | null;
}

/** How the server side reaches the API. */
export type ApiTransport = (path: string, call: ApiCall) => Promise<Response>;

/**
 * Over HTTP to API_URL. The answer comes uncompressed: it only crosses the machine's loopback, and
 * compressing it there would cost both sides for nothing.
 */
const httpTransport: ApiTransport = (path, call) =>
  fetch(`${webConfig.apiUrl}${path}`, {
    method: call.method,
    headers: { ...call.headers, "Accept-Encoding": "identity" },
    body: call.body,
  });

let transport: ApiTransport = httpTransport;

/**
 * The API process that hosts this build hands it a way to call its routes in process, with no
 * socket, HTTP parsing or fetch in between; a storefront given its own API_URL keeps HTTP.
 */
export function connectInProcessApi(inProcess: ApiTransport): void {
  partnerNamedByHost = true;
  if (!webConfig.apiUrlConfigured) transport = inProcess;
}

function headersFor(caller: Partial<ApiCaller>, extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Partner-Code": caller.partnerCode ?? webConfig.partnerCode,
    "X-Build-Version": webConfig.buildVersion,
    ...extra,
  };
  if (caller.locale) headers["Accept-Language"] = caller.locale;
  Object.assign(headers, loaderCredentials(caller.cookie ?? null));
  if (caller.requestId) headers[REQUEST_ID_HEADER] = caller.requestId;
  return headers;
}

/** Calls the API from the server, with the partner and build headers every request carries. */
export async function apiGet<T>(endpoint: Endpoint<T>, caller: Partial<ApiCaller> = {}): Promise<T> {
  const headers = headersFor(caller, { Accept: "application/json" });
  const response = await transport(endpoint.path, { method: "GET", headers, body: null });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    if (response.status === 423 && body?.errorCode === "partner_suspended") {
      // A suspended partner's visitors go to the page the partner named for it; without one, the
      // error page says the service is paused (not that it is broken).
      if (body.redirectUrl) throw permanentRedirect(body.redirectUrl);
      throw data("partner_suspended", { status: 423 });
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

/** Reads from the API from the server; the raw answer, for answers that are not JSON. */
export function apiGetRaw(endpoint: Endpoint, caller: Partial<ApiCaller> = {}): Promise<Response> {
  return transport(endpoint.path, { method: "GET", headers: headersFor(caller, {}), body: null });
}

/** Sends a change to the API from the server; the raw answer, for callers that pass its cookies on. */
export function apiSend<Body>(
  endpoint: Endpoint<unknown, Body>,
  body: Body | undefined,
  caller: Partial<ApiCaller> = {},
): Promise<Response> {
  return transport(endpoint.path, {
    method: endpoint.method,
    headers: headersFor(caller, body === undefined ? {} : { "Content-Type": "application/json" }),
    body: body === undefined ? null : JSON.stringify(body),
  });
}
