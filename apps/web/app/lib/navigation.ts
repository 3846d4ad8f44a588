import {
  type CourierDetails,
  isSupportedLocale,
  type Locale,
  localeFromAcceptLanguage,
  localeFromTag,
} from "@storefront/domain";

/**
 * The locale a visitor is in: the one they chose before (cookie), else the URL's, else their
 * browser's, else English. Rule 4 then moves the URL to it.
 */
export function chooseLocale(input: {
  urlLocale: string | undefined;
  cookieLocale: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Locale {
  if (input.cookieLocale && isSupportedLocale(input.cookieLocale)) return input.cookieLocale;
  if (input.urlLocale && isSupportedLocale(input.urlLocale)) return input.urlLocale;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? "en";
}

/**
 * The path with `locale` as its prefix: a supported prefix is replaced, a path without one gets it
 * ("/riga" -> "/en/riga", "/fr/riga" -> "/en/riga").
 */
export function withLocalePrefix(pathname: string, locale: Locale): string {
  const [, first = "", ...rest] = pathname.split("/");
  if (isSupportedLocale(first)) return `/${[locale, ...rest].join("/")}`.replace(/\/$/, "") || `/${locale}`;
  return `/${locale}${pathname === "/" ? "" : pathname}`;
}

/** The URL's path and query without the named query parameters. */
export function withoutQueryParams(url: URL, names: readonly string[]): string {
  const next = new URL(url);
  for (const name of names) next.searchParams.delete(name);
  return `${next.pathname}${next.search}`;
}

/** A locale asked for by external customer data ("pt-BR" -> "pt"), when supported. */
export function customerLocaleOf(customerData: unknown): Locale | null {
  if (!customerData || typeof customerData !== "object") return null;
  const value = (customerData as { customerLocale?: unknown }).customerLocale;
  return typeof value === "string" ? localeFromTag(value) : null;
}

/** A query parameter holding JSON, parsed; null when absent or not JSON. */
export function parseJsonParam(url: URL, name: string): unknown {
  const raw = url.searchParams.get(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The partner's signed sign-in token that `customerData` carries, if any. */
export function handOverTokenOf(customerData: unknown): string | null {
  if (!customerData || typeof customerData !== "object") return null;
  const token = (customerData as { token?: unknown }).token;
  return typeof token === "string" && token.length > 0 ? token : null;
}

/** The external customer of `customerData` without the token, to prefill forms with. */
export function withoutHandOverToken(customerData: object): Record<string, unknown> {
  const { token: _token, ...customer } = customerData as Record<string, unknown>;
  return customer;
}

/**
 * Where a link with `anonymous` leads once the session has ended: the same page without
 * `anonymous` and without the hand-over token of `customerData`, so that one link can never sign a
 * customer out and then into another account.
 */
export function afterSignOut(url: URL): string {
  const next = new URL(url);
  next.searchParams.delete("anonymous");
  const customerData = parseJsonParam(next, "customerData");
  if (customerData && typeof customerData === "object" && "token" in customerData) {
    const customer = withoutHandOverToken(customerData);
    if (Object.keys(customer).length > 0) next.searchParams.set("customerData", JSON.stringify(customer));
    else next.searchParams.delete("customerData");
  }
  return `${next.pathname}${next.search}`;
}

/** A temporary address with a point, from the `address` query parameter or the guest's address form. */
export interface TemporaryAddress {
  latitude: number;
  longitude: number;
  formattedAddress: string | null;
  /** What a guest typed for the courier (apartment, entrance, …); a link's address has none. */
  details?: CourierDetails;
  /** The address came with a demo-promo link (`"demoPromo": true`): the bottom bar stays put. */
  demoPromo?: true;
}

export function temporaryAddressOf(value: unknown): TemporaryAddress | null {
  if (!value || typeof value !== "object") return null;
  const source = value as Record<string, unknown>;
  const location = (
    source.location && typeof source.location === "object" ? source.location : source
  ) as Record<string, unknown>;
  const latitude = Number(location.latitude);
  const longitude = Number(location.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  const formatted = location.formattedAddress ?? source.formattedAddress;
  const demoPromo = source.demoPromo === true || location.demoPromo === true;
  return {
    latitude,
    longitude,
    formattedAddress: typeof formatted === "string" ? formatted.slice(0, 300) : null,
    ...(demoPromo ? { demoPromo } : {}),
  };
}

/** Rule 1's bare two-character path ("/zz", "/fr/"), whether or not it names a locale. */
export function isBareTwoCharacterPath(pathname: string): boolean {
  return /^\/[^/]{2}\/?$/.test(pathname);
}

/**
 * Rule 5: where a page goes when coordinates moved the visitor to the stored locality: a locality
 * or locality vendor page ("/{locale}/{localityCode}/…") in that locality; null when the page is
 * there already or names no locality.
 */
export function pathInLocality(
  pathname: string,
  localityCode: string | undefined,
  stored: string,
): string | null {
  if (!localityCode || localityCode === stored) return null;
  const [, locale, , ...rest] = pathname.split("/");
  return `/${[locale, stored, ...rest].join("/")}`;
}

/** The demo-promo parameters of rule 8, kept as the visitor's user query params. */
export const USER_QUERY_PARAMS = ["companyID", "customerEmail", "customerName", "customerPhone"] as const;
export type UserQueryParams = Partial<Record<(typeof USER_QUERY_PARAMS)[number], string>>;

/** The user query params a URL carries (each cut to 200 characters); null without any. */
export function userQueryParamsOf(url: URL): UserQueryParams | null {
  const found = USER_QUERY_PARAMS.flatMap((name) => {
    const value = url.searchParams.get(name)?.trim();
    return value ? [[name, value.slice(0, 200)] as const] : [];
  });
  return found.length > 0 ? Object.fromEntries(found) : null;
}

/** What sign-in, the name entry and the profile are prefilled with. */
export interface CustomerPrefill {
  phone: string | null;
  name: string | null;
  email: string | null;
  companyId: string | null;
}

/**
 * The prefill of rule 8: the demo-promo parameters first, then the external customer of
 * `customerData` (its `phone`, `name`, `email`, or the same `customer…` names); null when neither
 * says anything.
 */
export function customerPrefillOf(
  params: UserQueryParams | null,
  externalCustomer: Record<string, unknown> | null,
): CustomerPrefill | null {
  const text = (...values: unknown[]) => {
    const found = values.find((v) => typeof v === "string" && v.trim() !== "");
    return typeof found === "string" ? found.trim().slice(0, 200) : null;
  };
  const external = externalCustomer ?? {};
  const prefill = {
    phone: text(params?.customerPhone, external.phone, external.customerPhone),
    name: text(params?.customerName, external.name, external.customerName),
    email: text(params?.customerEmail, external.email, external.customerEmail),
    companyId: text(params?.companyID, external.companyID, external.companyId),
  };
  return Object.values(prefill).some((v) => v !== null) ? prefill : null;
}
