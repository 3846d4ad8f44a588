/** A host name an operator may record: letters, digits, hyphens and dots, as DNS allows. */
const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function isHostName(host: string): boolean {
  return HOST_NAME.test(host);
}

/** Whether the runtime knows an IANA time zone ("Europe/Riga"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A partner's code, as its header and its storefront's settings carry it. */
export const PARTNER_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
/** A city's code, as the storefront's addresses carry it (/en/riga). */
export const CITY_CODE_PATTERN = /^[a-z0-9-]{2,40}$/;
/** The radius of a new city's first delivery zone, in kilometres, until its owner draws one. */
export const NEW_CITY_RADIUS_KM = { min: 1, max: 50, default: 8 } as const;

/**
 * A host of this computer (localhost, a name under it such as verde.localhost, or 127.0.0.1): where
 * an app may talk plain http while it is tried; anywhere else it needs https.
 */
export function isThisComputer(host: string): boolean {
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1";
}
