import { allowedReturnUrl } from "@storefront/domain";
import { AppError } from "../errors.ts";
import type { Partner } from "../plugins/partner.ts";

/**
 * Where the card page may send the customer back: the storefront (PUBLIC_URL) or an origin the
 * partner lists in `settings.returnOrigins`, as an absolute address; anything else is a 400 naming
 * the field, so the shop's card page never forwards a customer to a stranger's site.
 */
export function trustedReturnUrl(returnUrl: string, partner: Partner, publicUrl: string): string {
  const allowed = allowedReturnUrl(returnUrl, {
    publicUrl,
    allowedOrigins: partner.settings.returnOrigins,
  });
  if (allowed) return allowed;
  const message = "must be on the storefront's own origin or one the partner lists";
  throw new AppError(400, "ValidationException", `Invalid body: returnUrl ${message}`, {
    details: [{ field: "returnUrl", message }],
  });
}

/** The storefront page to go back to after saving a card, on the storefront's own address. */
export function storefrontUrl(path: string, publicUrl: string): string {
  return allowedReturnUrl(path, { publicUrl }) ?? new URL("/", publicUrl).href;
}
