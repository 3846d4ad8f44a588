import { type CourierDetails, courierDetailsOf, type Locale } from "@storefront/domain";
import {
  type Address,
  type CartResponse,
  type CustomerUser,
  courierDetailsInputSchema,
  type Locality,
  type LocalityParams,
} from "@storefront/domain/contract";
import { type Endpoint, endpoints } from "@storefront/domain/endpoints";
import { createContext, type RouterContextProvider } from "react-router";
import { type ApiCaller, ApiRequestError, apiGet, apiSend, callerOf, loadOptional } from "./api.server.ts";
import {
  appVersionCookie,
  externalCustomerCookie,
  localityCookie,
  platformCookie,
  readCookie,
  selectedAddressCookie,
  sessionCookieName,
  switchLocalityCookie,
  temporaryAddressCookie,
  userQueryParamsCookie,
} from "./cookies.server.ts";
import {
  type CustomerPrefill,
  customerPrefillOf,
  type TemporaryAddress,
  temporaryAddressOf,
  type UserQueryParams,
} from "./navigation.ts";
import { plainCookie } from "./plain-cookie.ts";
import { setCookies } from "./visitor-cookies.ts";

/** What the navigation middleware settled for this request, for every loader below it. */
export interface VisitorState {
  locale: Locale;
  caller: ApiCaller;
  storedLocalityCode: string | null;
  needToSwitchLocality: boolean;
  temporaryAddress: TemporaryAddress | null;
  selectedAddressId: number | null;
  platform: Platform;
  /** The native app's own version (the store build), as it gave it. */
  appVersion: string | null;
  /** Rule 8: what sign-in, the name entry and the profile are prefilled with. */
  customerPrefill: CustomerPrefill | null;
  /** The partner's signed token in `customerData` was refused (forged, expired or unknown phone). */
  externalSignInRefused: boolean;
  /** Set-Cookie values to send with whatever the request answers. */
  cookies: string[];
}

export const visitorContext = createContext<VisitorState>();

export function visitorOf(context: Readonly<RouterContextProvider>): VisitorState {
  return context.get(visitorContext);
}

export type Platform = "ios" | "android" | "web";

export function platformOf(value: unknown): Platform {
  return value === "ios" || value === "android" ? value : "web";
}

/** A native app's version as it may give it ("1.4", "2.0.13"), else nothing. */
export function appVersionOf(value: unknown): string | null {
  return typeof value === "string" && /^\d{1,6}(\.\d{1,6}){0,3}$/.test(value) ? value : null;
}

/**
 * The temporary address a cookie kept, when it still is one. A cookie the browser sends back may
 * have been changed, and one React Router cannot decode reads as `{}`: neither is an address.
 */
export function storedTemporaryAddressOf(value: unknown): TemporaryAddress | null {
  const address = temporaryAddressOf(value);
  if (!address) return null;
  const details = courierDetailsInputSchema.safeParse((value as { details?: unknown }).details);
  return details.success ? { ...address, details: courierDetailsOf(details.data) } : address;
}

/** A saved address's id a cookie kept, when it is one. */
export function storedAddressIdOf(value: unknown): number | null {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? value : null;
}

export async function readVisitorCookies(request: Request) {
  return {
    platform: platformOf(await readCookie<string>(platformCookie, request)),
    appVersion: appVersionOf(await readCookie<string>(appVersionCookie, request)),
    selectedAddressId: storedAddressIdOf(await readCookie<unknown>(selectedAddressCookie, request)),
    storedLocalityCode: await readCookie<string>(localityCookie, request),
    needToSwitchLocality: Boolean(await readCookie<boolean>(switchLocalityCookie, request)),
    temporaryAddress: storedTemporaryAddressOf(await readCookie<unknown>(temporaryAddressCookie, request)),
    customerPrefill: customerPrefillOf(
      await readCookie<UserQueryParams>(userQueryParamsCookie, request),
      await readCookie<Record<string, unknown>>(externalCustomerCookie, request),
    ),
  };
}

const requestMemo = new WeakMap<VisitorState, Map<string, Promise<unknown>>>();

/** Loads something once per request: the layout and the page's loaders share the answer. */
function perRequest<T>(visitor: VisitorState, key: string, load: () => Promise<T>): Promise<T> {
  let memo = requestMemo.get(visitor);
  if (!memo) {
    memo = new Map();
    requestMemo.set(visitor, memo);
  }
  let found = memo.get(key) as Promise<T> | undefined;
  if (!found) {
    found = load();
    memo.set(key, found);
  }
  return found;
}

export function listLocalities(visitor: VisitorState): Promise<Locality[]> {
  return perRequest(visitor, "localities", () => apiGet(endpoints.localities.list(), visitor.caller));
}

/**
 * The locality to show when the URL names none (section 4): the stored code when it is still a
 * locality; else the nearest to the query's point, the temporary address or, without either, the
 * partner's default; a single locality is chosen as it is.
 */
export async function resolveLocalityCode(
  localities: readonly Locality[],
  visitor: Pick<VisitorState, "caller" | "storedLocalityCode" | "temporaryAddress">,
  point: { latitude: number; longitude: number } | null,
): Promise<{ code: string; movedByPoint: boolean }> {
  const only = localities.length === 1 ? localities[0] : undefined;
  if (only) return { code: only.code, movedByPoint: false };
  const stored = localities.find((l) => l.code === visitor.storedLocalityCode);
  if (stored && !point) return { code: stored.code, movedByPoint: false };
  const from = point ?? visitor.temporaryAddress;
  const nearest = await apiGet(endpoints.localities.nearest(from ?? null), visitor.caller);
  return {
    code: nearest.code,
    movedByPoint: Boolean(point) && stored !== undefined && stored.code !== nearest.code,
  };
}

export function pointFromQuery(url: URL): { latitude: number; longitude: number } | null {
  const latitude = Number(url.searchParams.get("lat"));
  const longitude = Number(url.searchParams.get("lng"));
  if (!url.searchParams.has("lat") || !url.searchParams.has("lng")) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

export async function loadLocalityParams(code: string, caller: ApiCaller): Promise<LocalityParams> {
  return apiGet(endpoints.localities.params(code), caller);
}

/** The visitor's state for routes outside the locale layout ("/" and "/vendor…"). */
export async function visitorFromRequest(request: Request, locale: Locale): Promise<VisitorState> {
  return {
    locale,
    caller: callerOf(request, locale),
    ...(await readVisitorCookies(request)),
    externalSignInRefused: false,
    cookies: [],
  };
}

/**
 * Rule 1: where "/", a bare two-character path and "/{locale}" lead: the resolved locality's
 * catalogue, with the query kept. Coordinates that lead to another locality than the stored one
 * empty the cart, forget its id and set the switch flag (section 4).
 */
export async function localityHomeRedirect(request: Request, visitor: VisitorState): Promise<Response> {
  const url = new URL(request.url);
  const localities = await listLocalities(visitor);
  const { code, movedByPoint } = await resolveLocalityCode(localities, visitor, pointFromQuery(url));
  const headers = new Headers({ "Cache-Control": "no-store" });
  setCookies(headers, [...visitor.cookies, await localityCookie.serialize(code)]);
  if (movedByPoint) {
    await emptyCart(visitor);
    setCookies(headers, [
      "cartId=; Path=/; Max-Age=0; SameSite=Lax",
      await switchLocalityCookie.serialize(true),
    ]);
  }
  headers.set("Location", `/${visitor.locale}/${code}${url.search}`);
  return new Response(null, { status: 301, headers });
}

/** Empties the visitor's cart at the API (a signed-in customer's one is theirs on every device). */
async function emptyCart(visitor: VisitorState): Promise<void> {
  const cart = await loadCart(visitor, hasSession(visitor));
  if (!cart) return;
  const answer = await apiSend(endpoints.carts.clear(cart.cart.cartId), undefined, visitor.caller);
  // A cart gone meanwhile is as good as an empty one.
  if (!answer.ok && answer.status !== 404)
    throw new ApiRequestError(answer.status, await answer.json().catch(() => null));
}

/** The signed-in customer, or null for an anonymous visitor (no session, or one the API refused). */
export type CurrentUser = CustomerUser;

export function loadCurrentUser(visitor: VisitorState): Promise<CurrentUser | null> {
  return perRequest(visitor, "user", async () => {
    const { caller } = visitor;
    if (!hasSession(visitor)) return null;
    try {
      return await apiGet(endpoints.customer.me(), caller);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status < 500) return null;
      throw error;
    }
  });
}

/** Where the visitor wants delivery: a saved address they chose, or a temporary one. */
export interface DeliveryAddress {
  kind: "saved" | "temporary";
  id: number | null;
  latitude: number;
  longitude: number;
  label: string | null;
  /** A temporary address of a demo-promo link: the phone's bottom bar is disabled. */
  demoPromo: boolean;
  /** What a guest typed for the courier with a temporary address (a saved one keeps its own). */
  details: CourierDetails | null;
}

/**
 * The visitor's delivery address and a signed-in customer's saved ones, read once per request:
 * a chosen saved address wins; otherwise the temporary address.
 */
export function deliveryAddressOf(
  visitor: VisitorState,
): Promise<{ address: DeliveryAddress | null; saved: Address[] }> {
  return perRequest(visitor, "delivery", async () => {
    const saved = hasSession(visitor)
      ? await apiGet(endpoints.customer.addresses(), visitor.caller).catch((error) => {
          if (error instanceof ApiRequestError && error.status < 500) return [];
          throw error;
        })
      : [];
    const chosen = saved.find((a) => a.id === visitor.selectedAddressId);
    if (chosen) {
      return {
        saved,
        address: {
          kind: "saved" as const,
          id: chosen.id,
          latitude: chosen.location.latitude,
          longitude: chosen.location.longitude,
          label: chosen.location.shortAddress ?? chosen.location.formattedAddress ?? chosen.name,
          demoPromo: false,
          details: null,
        },
      };
    }
    const temporary = visitor.temporaryAddress;
    return {
      saved,
      address: temporary
        ? {
            kind: "temporary" as const,
            id: null,
            latitude: temporary.latitude,
            longitude: temporary.longitude,
            label: temporary.formattedAddress,
            demoPromo: temporary.demoPromo === true,
            details: temporary.details ? courierDetailsOf(temporary.details) : null,
          }
        : null,
    };
  });
}

/** Whether the request carries a session cookie (the API decides whether it is still good). */
export function hasSession(visitor: Pick<VisitorState, "caller">): boolean {
  return plainCookie(visitor.caller.cookie, sessionCookieName) !== null;
}

/**
 * The visitor's cart: a signed-in customer's own (the API attaches the cart this browser filled
 * before signing in), else the cart the browser remembers; a session the API no longer accepts
 * counts as none. Null: there is no cart (gone, or never made); undefined: it could not be read now,
 * and the browser keeps remembering it.
 */
export function loadCart(visitor: VisitorState, signedIn: boolean): Promise<CartResponse | null | undefined> {
  return perRequest(visitor, "cart", async () => {
    const cartId = plainCookie(visitor.caller.cookie, "cartId");
    const remembered = cartId && /^[0-9a-f-]{36}$/i.test(cartId) ? endpoints.carts.get(cartId) : null;
    const read = (endpoint: Endpoint<CartResponse>) =>
      apiGet(endpoint, visitor.caller).catch((error) => {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      });
    return loadOptional<CartResponse | null | undefined>(
      "cart",
      async () => {
        if (signedIn) {
          try {
            return await read(endpoints.customer.cart());
          } catch (error) {
            if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
          }
        }
        return remembered ? read(remembered) : null;
      },
      undefined,
    );
  });
}
