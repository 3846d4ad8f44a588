import { type AuthStatus, authStatusOf } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useLocation, useNavigate } from "react-router";
import { modalHref } from "../components/modal-link.ts";
import { clientGet } from "./api.client.ts";
import { useLocale } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/** The modal that asks for what a signed-in customer still lacks (section 3's authStatus steps). */
const MODAL_OF: Partial<Record<AuthStatus, string>> = {
  EMPTY_NAME: "AuthNameModal",
  EMPTY_ADDRESS: "AuthAddressModal",
};

/**
 * After signing in or giving a name: the next step of the customer's sign-in, as a modal (a name,
 * then a delivery address when they have neither a saved nor a temporary one, or the choice of one
 * of their saved addresses when none is chosen on this device), or the end of it.
 * Checkout asks for its address on its own page, so there the steps end after the name: a new
 * customer signing in to place an order names themselves before placing it, not on the order's page
 * after (docs/decisions/0110-the-name-at-checkout.md).
 */
export function useNextSignInStep() {
  const location = useLocation();
  const navigate = useNavigate();
  const locale = useLocale();
  const { client, deliveryAddress } = useStorefront();
  return async (user: { name: string | null }, done: () => void) => {
    if (location.pathname.endsWith("/cart")) {
      if (user.name) return done();
      return navigate(modalHref(location, { modal: "AuthNameModal" }), {
        replace: true,
        preventScrollReset: true,
      });
    }
    // The saved addresses are read afresh: the page's own list is still the anonymous visitor's.
    const saved = await clientGet(client, endpoints.customer.addresses(), locale).catch(() => null);
    const status = authStatusOf({
      signedIn: true,
      name: user.name,
      // Unknown (the list could not be read) counts as having one: the customer is not pestered.
      hasAddress: saved === null || saved.length > 0 || deliveryAddress !== null,
      phoneTyped: true,
      codeSent: true,
    });
    // A customer back on a new device (or after signing out) has saved addresses and none chosen
    // here: they pick one, as the header would otherwise ask them to (decision 0194).
    const unchosen = status === "COMPLETE" && deliveryAddress === null && (saved?.length ?? 0) > 0;
    const modal = unchosen ? "AuthAddressModal" : MODAL_OF[status];
    if (!modal) return done();
    navigate(modalHref(location, { modal }), { replace: true, preventScrollReset: true });
  };
}
