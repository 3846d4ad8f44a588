/**
 * Where a link may send the visitor back to. A redirect target taken from a request is an attacker's
 * favourite door (a phishing page on the shop's own link), so only two kinds pass: a path of this
 * site, and an address on an origin the deployment trusts.
 */

/**
 * A path of this site ("/en/menu/orders/12/payment"): "/" followed by neither "/" nor "\", and no
 * whitespace or backslash anywhere ("//evil.example" and "/\evil.example" are other hosts to a browser).
 */
export function isSameOriginPath(value: string): boolean {
  return /^\/(?![/\\])[^\s\\]*$/.test(value);
}

/** The path to go back to when it is one of this site's; otherwise the fallback. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  return typeof value === "string" && isSameOriginPath(value) ? value : fallback;
}

/**
 * An absolute return address on the storefront's own origin (`publicUrl`) or one of `allowedOrigins`,
 * or null. A path resolves against the storefront, and the answer is absolute, so dot segments
 * ("/a/..//evil.example") can never turn into a host later.
 */
export function allowedReturnUrl(
  value: string,
  trusted: { publicUrl: string; allowedOrigins?: readonly string[] | undefined },
): string | null {
  const own = new URL(trusted.publicUrl).origin;
  if (value.startsWith("/") && !isSameOriginPath(value)) return null;
  if (!URL.canParse(value, own)) return null;
  const url = new URL(value, own);
  if (url.username || url.password) return null;
  const origins = new Set([own, ...(trusted.allowedOrigins ?? []).flatMap(originOf)]);
  return origins.has(url.origin) ? url.href : null;
}

function originOf(value: string): string[] {
  if (!URL.canParse(value)) return [];
  const { origin } = new URL(value);
  return origin === "null" ? [] : [origin];
}
