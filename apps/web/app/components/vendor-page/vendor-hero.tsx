import { imageSizes } from "@storefront/domain";
import type { VendorView } from "../../lib/catalogue-view.ts";
import { useT } from "../../lib/i18n.ts";
import { StartGroupOrderButton } from "../group-order/start-group-order-button.tsx";
import { Icon } from "../icons.tsx";
import { Picture } from "../picture.tsx";
import { VendorFacts } from "./vendor-facts.tsx";
import { VendorNotices } from "./vendor-notices.tsx";

/**
 * The top of a vendor's page: its pictures and name, "order together" (outside a group order) and
 * "about", what stands in the way of ordering, and its facts.
 */
export function VendorHero({
  vendor,
  preorderDateTime,
  inGroup,
}: {
  vendor: VendorView;
  preorderDateTime: string | null;
  inGroup: boolean;
}) {
  const t = useT();
  const available = vendor.timeAvailability.available;
  return (
    <section
      aria-labelledby="vendor-name"
      className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-black/5"
    >
      <div className="relative">
        <Picture
          source={vendor.image}
          sizes={imageSizes({ 1152: "1120px" }, "calc(100vw - 32px)")}
          loading="lcp"
          className="aspect-[3/1] w-full object-cover max-md:aspect-[2/1]"
        />
        <Picture
          source={vendor.avatar}
          sizes="80px"
          loading="eager"
          className="absolute -bottom-8 start-5 size-20 rounded-full border-4 border-white shadow"
        />
      </div>
      <div className="p-5 pt-10">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h1 id="vendor-name" className="text-3xl font-bold">
            {vendor.name}
          </h1>
          <div className="flex flex-wrap gap-2">
            {!inGroup && available && (
              <StartGroupOrderButton vendorId={vendor.id} delivery={vendor.delivery} />
            )}
            <button
              type="button"
              popoverTarget="about-vendor"
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-line px-4 text-sm font-medium [anchor-name:--about-vendor]"
            >
              <Icon name="info" className="size-5" />
              {t("vendor.about")}
            </button>
          </div>
        </div>
        <VendorNotices vendor={vendor} preorderDateTime={preorderDateTime} />
        <VendorFacts vendor={vendor} />
      </div>
    </section>
  );
}
