import { endpoints } from "@storefront/domain/endpoints";
import { Users } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { clientSend } from "../../lib/api.client.ts";
import { useCart } from "../../lib/cart.tsx";
import { cartPlaceOf } from "../../lib/cart-place.ts";
import { GROUP_PARAM } from "../../lib/group-link.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import { useStorefront } from "../../lib/storefront.ts";
import { modalHref } from "../modal-link.ts";

/**
 * "Order together" on a vendor's page: a signed-in customer with a delivery address starts a group
 * order there and lands on its menu with the link to share; others are asked to sign in first.
 */
export function StartGroupOrderButton({ vendorId, delivery }: { vendorId: number; delivery: boolean }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const cart = useCart();
  const { client, user, deliveryAddress } = useStorefront();
  const [pending, setPending] = useState(false);
  const start = async () => {
    if (!user) {
      navigate(modalHref(location, { modal: "AuthModal" }), { preventScrollReset: true });
      return;
    }
    if (delivery && !deliveryAddress) {
      navigate(modalHref(location, { modal: "AuthAddressModal" }), { preventScrollReset: true });
      return;
    }
    setPending(true);
    const started = await clientSend(client, endpoints.customer.startGroupOrder(), locale, {
      vendorId,
      receiptType: delivery ? "DELIVERY" : "TAKEAWAY",
      ...(delivery && deliveryAddress ? cartPlaceOf(deliveryAddress) : {}),
    });
    setPending(false);
    if (!started.ok) {
      cart.showAlert({
        title: t(
          started.error?.type === "VendorClosedException"
            ? "cart.alert.vendorClosed"
            : "alert.somethingWentWrong",
        ),
        buttons: [{ label: t("common.understood"), onClick: () => cart.showAlert(null) }],
      });
      return;
    }
    navigate(`${location.pathname}?${GROUP_PARAM}=${started.body.token}#group-order`);
  };
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => void start()}
      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium"
    >
      <Users aria-hidden className="size-5" />
      {t("group.start")}
    </button>
  );
}
