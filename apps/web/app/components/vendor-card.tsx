import { formatDeliveryCost, formatMinutesRange, formatRating, imageSizes } from "@storefront/domain";
import { Link } from "react-router";
import type { VendorCardData } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useOpeningTime } from "../lib/opening-time.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { Icon } from "./icons.tsx";
import { Picture, type PictureLoading } from "./picture.tsx";

export function VendorCard({
  vendor,
  href,
  loading = "lazy",
  level = 3,
}: {
  vendor: VendorCardData;
  href: string;
  loading?: PictureLoading;
  /** The name's heading level: one under the heading the card is listed under. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  const t = useT();
  const locale = useLocale();
  const open = vendor.timeAvailability.available;
  const next = vendor.timeAvailability.nextAvailableAt;
  const openingTime = useOpeningTime();
  return (
    <article className="link-card group relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5 transition hover:shadow-md">
      <div className="relative">
        <Picture
          source={vendor.image}
          sizes={imageSizes({ 1152: "363px", 500: "calc((100vw - 48px) / 2)" }, "calc(100vw - 32px)")}
          loading={loading}
          className={`aspect-[3/2] w-full object-cover ${open ? "" : "opacity-60 grayscale-[40%]"}`}
        />
        {!open && (
          <p className="absolute inset-x-3 bottom-3 w-fit rounded-full bg-ink/85 px-3 py-1 text-sm font-medium text-white">
            {next ? t("vendor.status.opensAt", { time: openingTime(next) }) : t("vendor.ordersUnavailable")}
          </p>
        )}
        {open && vendor.closesBeforeArrivalAt && (
          <p className="absolute inset-x-3 bottom-3 w-fit rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-950">
            {t("vendor.status.closesTooSoon", { time: vendor.closesBeforeArrivalAt })}
          </p>
        )}
        <div className="absolute start-3 top-3">
          <FavouriteButton kind="vendors" id={vendor.id} name={vendor.name} />
        </div>
        {vendor.rating !== null && (
          <p className="absolute end-3 top-3 flex items-center gap-1 rounded-full bg-white/95 px-2.5 py-1 text-sm font-semibold shadow-sm">
            <Icon name="star-filled" className="size-4 text-amber-400" />
            <span className="sr-only">{t("vendor.rating")}</span>
            {formatRating(vendor.rating, locale)}
          </p>
        )}
      </div>
      <div className="p-3">
        <Heading dir="auto" className="truncate text-lg font-semibold text-match-parent">
          <Link to={href} className="link-card-target">
            {vendor.name}
          </Link>
        </Heading>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
          {vendor.delivery && vendor.deliversToPoint === false ? (
            // An address out of this city's reach: no made-up time or price.
            <span className="inline-flex items-center gap-1">
              <Icon name="bike" className="size-4" />
              {t("map.alert.vendorDoesNotDeliver")}
            </span>
          ) : vendor.delivery ? (
            <>
              <span className="inline-flex items-center gap-1">
                <Icon name="clock" className="size-4" />
                {t("vendor.minutes", {
                  time: formatMinutesRange(
                    vendor.minEstimatedDeliveryDuration,
                    vendor.maxEstimatedDeliveryDuration,
                  ),
                })}
              </span>
              <span className="inline-flex items-center gap-1">
                <Icon name="bike" className="size-4" />
                {vendor.deliveryPrice === 0
                  ? t("vendor.freeDelivery")
                  : formatDeliveryCost(vendor.deliveryPrice, vendor.currencyCode, locale)}
              </span>
            </>
          ) : (
            <span className="inline-flex items-center gap-1">
              <Icon name="bag" className="size-4" />
              {t("vendor.takeawayOnly")}
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
