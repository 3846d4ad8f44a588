import type { ApiError } from "@storefront/domain/contract";
import { webConfig } from "./config.server.ts";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? `API answered ${status}`);
  }
}

/** Calls the API from a loader, with the partner and build headers every request carries. */
export async function apiGet<T>(
  path: string,
  init: { locale?: string; cookie?: string | null } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    "X-Partner-Code": webConfig.partnerCode,
    "X-Build-Version": webConfig.buildVersion,
    Accept: "application/json",
  };
  if (init.locale) headers["Accept-Language"] = init.locale;
  if (init.cookie) headers.Cookie = init.cookie;
  const response = await fetch(`${webConfig.apiUrl}${path}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiError | null;
    throw new ApiRequestError(response.status, body);
  }
  return (await response.json()) as T;
}
