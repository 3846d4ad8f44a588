import { endpoints } from "@storefront/domain/endpoints";
import { useCallback } from "react";
import type { MapPoint } from "../components/map/map-view.ts";
import { clientSend } from "./api.client.ts";
import { useCart } from "./cart.tsx";
import { useLocale, useT } from "./i18n.ts";
import { useStorefront } from "./storefront.ts";

/**
 * The map alerts of section 8 as the customer picks a delivery point (on the map or from the saved
 * addresses), decided by the server, which holds the zones: INVALID_LOCATION (outside every zone)
 * keeps the customer choosing; INVALID_VENDOR_LOCATION (the cart's vendor does not deliver there)
 * offers another address or an emptied cart; ERROR (the check failed) asks to try again.
 * Resolves whether the point may be chosen.
 */
export function useDeliveryPointCheck(): (point: MapPoint) => Promise<boolean> {
  const t = useT();
  const locale = useLocale();
  const { client } = useStorefront();
  const cartState = useCart();
  const cartId = cartState.cart?.cartId;
  return useCallback(
    async (point: MapPoint) => {
      const sent = await clientSend(client, endpoints.deliveryCheck(point, cartId), locale);
      const status = sent.ok
        ? sent.body.status
        : sent.error?.type === "CartNotFoundException"
          ? "OK"
          : "ERROR";
      if (status === "OK") return true;
      return new Promise<boolean>((resolve) => {
        const answer = (chosen: boolean) => {
          cartState.showAlert(null);
          resolve(chosen);
        };
        if (status === "INVALID_VENDOR_LOCATION" && cartId) {
          cartState.showAlert({
            title: t("map.alert.vendorDoesNotDeliver"),
            message: t("map.alert.vendorDoesNotDeliver.message"),
            buttons: [
              { label: t("map.alert.otherAddress"), onClick: () => answer(false) },
              {
                label: t("map.alert.emptyCartAndDeliver"),
                onClick: async () => {
                  cartState.showAlert(null);
                  const cleared = await cartState.change(endpoints.carts.clear(cartId));
                  resolve(cleared.ok);
                },
              },
            ],
            onDismiss: () => answer(false),
          });
          return;
        }
        cartState.showAlert({
          title: t(status === "INVALID_LOCATION" ? "cart.alert.invalidLocation" : "alert.somethingWentWrong"),
          ...(status === "INVALID_LOCATION" ? { message: t("map.alert.invalidLocation.message") } : {}),
          buttons: [{ label: t("common.understood"), onClick: () => answer(false) }],
          onDismiss: () => answer(false),
        });
      });
    },
    [cartId, client, locale, cartState, t],
  );
}
