import type { VendorView } from "../../lib/catalogue-view.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import { useOpeningTime } from "../../lib/opening-time.ts";
import { formatPreorderTime } from "../../lib/preorder-time.ts";
import { useStorefront } from "../../lib/storefront.ts";

/**
 * Why the vendor cannot take an order for the cart's time (closed then, closing before the food
 * would arrive, not delivering to the address), and when it opens.
 */
export function VendorNotices({
  vendor,
  preorderDateTime,
}: {
  vendor: VendorView;
  preorderDateTime: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const { params } = useStorefront();
  const available = vendor.timeAvailability.available;
  const next = vendor.timeAvailability.nextAvailableAt;
  const openingTime = useOpeningTime();
  const when = preorderDateTime ? formatPreorderTime(preorderDateTime, locale) : null;
  // "You can order ahead" only where preorder is on.
  const canPreorder = params?.delivery.preOrderPeriod.type === "DAYS";
  return (
    <>
      {!available && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {when
            ? next
              ? t("vendor.closedAt.opensAt", { when, time: openingTime(next) })
              : t("vendor.closedAt", { when })
            : next
              ? canPreorder
                ? t("vendor.closedNow.opensAt", { time: openingTime(next) })
                : `${t("vendor.ordersUnavailable")} · ${t("vendor.status.opensAt", { time: openingTime(next) })}`
              : t("vendor.ordersUnavailable")}
        </p>
      )}
      {available && vendor.closesBeforeArrivalAt && !when && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {t(canPreorder ? "vendor.closesTooSoon.preorder" : "vendor.status.closesTooSoon", {
            time: vendor.closesBeforeArrivalAt,
          })}
        </p>
      )}
      {vendor.delivery && vendor.deliversToPoint === false && (
        <p className="mt-3 rounded-xl bg-amber-50 px-4 py-3 text-amber-900">
          {t("map.alert.vendorDoesNotDeliver")}
        </p>
      )}
    </>
  );
}
