import type { ApiError } from "@storefront/domain/contract";
import { COURIER_API_PREFIX, type Endpoint } from "@storefront/domain/endpoints";

/** The API answered, and not with a success: its status and error body. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: ApiError | null,
  ) {
    super(error?.message ?? `HTTP ${status}`);
  }
}

/** The request never reached the API (no signal, airplane mode): worth trying again later. */
export class NoNetwork extends Error {}

/** What every call carries: the partner (the host's) and the courier's language. */
const caller = { partnerCode: "", locale: "en" };

export function setCaller(partnerCode: string, locale: string): void {
  caller.partnerCode = partnerCode;
  caller.locale = locale;
}

/**
 * Calls the courier app's API (`/api/courier/...`) on this origin, with the courier's session
 * cookie. Answers the parsed JSON (null for 204); throws ApiRefusal for an error answer and NoNetwork
 * when the request could not be made.
 */
export async function courierApi<T, Body = unknown>(endpoint: Endpoint<T, Body>, body?: Body): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${COURIER_API_PREFIX}${endpoint.path}`, {
      method: endpoint.method,
      headers: {
        "X-Partner-Code": caller.partnerCode,
        "Accept-Language": caller.locale,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      credentials: "same-origin",
      body: body === undefined ? null : JSON.stringify(body),
    });
  } catch (error) {
    throw new NoNetwork(error instanceof Error ? error.message : String(error));
  }
  if (response.status === 204) return null as T;
  const parsed = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) throw new ApiRefusal(response.status, parsed as ApiError | null);
  return parsed as T;
}
