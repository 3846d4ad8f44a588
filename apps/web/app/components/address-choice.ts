import type { CourierDetails } from "@storefront/domain";
import { useFetcher, useLocation } from "react-router";
import { useLocale } from "../lib/i18n.ts";
import type { MapPoint } from "./map/map-view.ts";
import { modalHref } from "./modal-link.ts";

/** Where the address choice sends the visitor back: this page, without the modal. */
function useReturnTo(): string {
  const location = useLocation();
  return modalHref(location, { modal: null, addressId: null });
}

/**
 * Sends the delivery address choice of section 4 to the storefront (`/{locale}/address`), which
 * remembers it and brings the visitor back here (or to `returnPath`).
 */
export function useAddressChoice(returnPath?: string) {
  const locale = useLocale();
  const here = useReturnTo();
  const returnTo = returnPath ?? here;
  const fetcher = useFetcher();
  const send = (fields: Record<string, string>) =>
    fetcher.submit({ ...fields, returnTo }, { method: "post", action: `/${locale}/address` });
  const pending = fetcher.formData;
  return {
    busy: fetcher.state !== "idle",
    /** The address being chosen, shown as chosen while the choice is on its way. */
    choosing: pending?.get("intent") === "select" ? Number(pending.get("addressId")) : null,
    select: (addressId: number) => send({ intent: "select", addressId: String(addressId) }),
    forget: () => send({ intent: "forget" }),
    temporary: (point: MapPoint, formattedAddress: string, details: CourierDetails) =>
      send({
        intent: "temporary",
        latitude: String(point.latitude),
        longitude: String(point.longitude),
        formattedAddress,
        ...Object.fromEntries(
          Object.entries(details).filter((entry): entry is [string, string] => entry[1] !== null),
        ),
      }),
  };
}
