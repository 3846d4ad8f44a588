import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { clientGet } from "../lib/api.client.ts";
import { type VendorCardData, type VendorCardsPage, vendorCardOf } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { useStorefront } from "../lib/storefront.ts";
import { VendorCard } from "./vendor-card.tsx";

/** The widest screen's first row: the cards every screen shows first. */
const FIRST_ROW = 3;
/** A card's height until it is laid out (about a card's at every width), then its last own. */
export const OFF_SCREEN_CARD = "[content-visibility:auto] [contain-intrinsic-block-size:auto_340px]";

/**
 * The vendor cards of a catalogue. More pages load as the visitor nears the end; without
 * JavaScript the "show more" link asks the server for the next page. The first card's picture is
 * the phone's largest on the first screen (the banner is on desktop): it loads first.
 */
export function VendorGrid({
  first,
  nextPageHref,
  pageQuery,
  vendorHref,
}: {
  first: VendorCardsPage;
  nextPageHref: string;
  /** The API query of a page: the current filters and point. */
  pageQuery: (page: number) => string;
  vendorHref: (vendor: VendorCardData) => string;
}) {
  const t = useT();
  const locale = useLocale();
  const { client, locality } = useStorefront();
  const [pages, setPages] = useState({
    key: first,
    vendors: first.content,
    loaded: first.page,
    failed: false,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const loading = useRef(false);

  // A new first page (other filters) starts the list again.
  if (pages.key !== first)
    setPages({ key: first, vendors: first.content, loaded: first.page, failed: false });
  const hasMore = pages.loaded < first.totalPages;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || !locality) return;
    const observer = new IntersectionObserver(
      async ([entry]) => {
        if (!entry?.isIntersecting || loading.current) return;
        loading.current = true;
        try {
          const next = await clientGet(
            client,
            endpoints.localities.vendors(locality.code, pageQuery(pages.loaded + 1)),
            locale,
          );
          setPages((current) => ({
            ...current,
            vendors: [
              ...current.vendors,
              ...next.content.filter((v) => !current.vendors.some((c) => c.id === v.id)).map(vendorCardOf),
            ],
            loaded: next.page,
          }));
        } catch {
          setPages((current) => ({ ...current, failed: true }));
        } finally {
          loading.current = false;
        }
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, pages.loaded, client, locality, locale, pageQuery]);

  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {pages.vendors.map((vendor, index) => (
          // Past the first row the browser lays a card out when it nears the screen (decision 0172).
          <li key={vendor.id} className={index < FIRST_ROW ? undefined : OFF_SCREEN_CARD}>
            <VendorCard
              vendor={vendor}
              href={vendorHref(vendor)}
              loading={index === 0 ? "lcp" : "lazy"}
              level={2}
            />
          </li>
        ))}
      </ul>
      {hasMore && (
        <div ref={sentinel} className="mt-6 flex justify-center">
          <Link
            to={nextPageHref}
            preventScrollReset
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-6 font-medium"
          >
            {pages.failed ? t("common.retry") : t("catalogue.showMore")}
          </Link>
        </div>
      )}
    </>
  );
}
