import { formatDeliveryCost, formatMinutesRange, formatMoney, formatRating } from "@storefront/domain";
import type { VendorView } from "../../lib/catalogue-view.ts";
import { useLocale, useT } from "../../lib/i18n.ts";
import { Icon } from "../icons.tsx";
import { InfoHint } from "../info-hint.tsx";

const stat = "flex flex-col gap-0.5 rounded-2xl bg-surface px-3 py-2";

/** The vendor's rating, delivery (or cooking) time, smallest order and delivery price, with hints. */
export function VendorFacts({ vendor }: { vendor: VendorView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      <div className={stat}>
        <dt className="text-ink-soft">{t("vendor.rating")}</dt>
        <dd className="flex items-center gap-1 font-semibold">
          <Icon name="star-filled" className="size-4 text-amber-400" />
          {vendor.rating === null ? "—" : formatRating(vendor.rating, locale)}
          <span className="font-normal text-ink-soft">({vendor.ratingsCount})</span>
        </dd>
      </div>
      <div className={stat}>
        <dt className="text-ink-soft">
          {vendor.delivery ? t("vendor.deliveryTime") : t("vendor.cookingTime")}{" "}
          <InfoHint
            inText
            label={vendor.delivery ? t("vendor.deliveryTime") : t("vendor.cookingTime")}
            text={t("vendor.hint.time", {
              cooking: formatMinutesRange(vendor.cookingTimeRange.start, vendor.cookingTimeRange.end),
            })}
          />
        </dt>
        <dd className="font-semibold">
          {vendor.delivery && vendor.deliversToPoint === false
            ? "—"
            : t("vendor.minutes", {
                time: vendor.delivery
                  ? formatMinutesRange(
                      vendor.minEstimatedDeliveryDuration,
                      vendor.maxEstimatedDeliveryDuration,
                    )
                  : formatMinutesRange(vendor.cookingTimeRange.start, vendor.cookingTimeRange.end),
              })}
        </dd>
      </div>
      <div className={stat}>
        <dt className="text-ink-soft">
          {t("vendor.minOrder")}{" "}
          <InfoHint
            inText
            label={t("vendor.minOrder")}
            text={t("vendor.hint.minOrder", {
              amount: formatMoney(vendor.minOrderPrice, vendor.currencyCode, locale),
            })}
          />
        </dt>
        <dd className="font-semibold">{formatMoney(vendor.minOrderPrice, vendor.currencyCode, locale)}</dd>
      </div>
      <div className={stat}>
        <dt className="text-ink-soft">
          {t("vendor.delivery")}{" "}
          <InfoHint inText label={t("vendor.delivery")} text={t("vendor.hint.delivery")} />
        </dt>
        <dd className="font-semibold">
          {!vendor.delivery
            ? t("vendor.takeawayOnly")
            : vendor.deliversToPoint === false
              ? "—"
              : vendor.deliveryPrice === 0
                ? t("vendor.freeDelivery")
                : formatDeliveryCost(vendor.deliveryPrice, vendor.currencyCode, locale)}
        </dd>
      </div>
    </dl>
  );
}
