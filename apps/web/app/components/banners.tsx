import { imageSizes } from "@storefront/domain";
import { Link } from "react-router";
import type { BannerView } from "../lib/catalogue-view.ts";
import { Picture } from "./picture.tsx";

/**
 * The top banners as a row that scrolls sideways, each linking to its vendor, a storefront page or a
 * web address. The first
 * one is the desktop's largest picture on the first screen: it loads first.
 */
export function Banners({
  banners,
  vendorHref,
  locale,
}: {
  banners: BannerView[];
  vendorHref: (id: number) => string;
  /** A banner that opens a storefront page ("/cms/about") opens it in the visitor's language. */
  locale: string;
}) {
  if (banners.length === 0) return null;
  return (
    <ul className="-mx-4 -mt-1.5 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 pt-1.5 [scrollbar-width:none] md:-mx-1.5 md:scroll-px-1.5 md:px-1.5">
      {banners.map((banner, index) => {
        const picture = (
          <>
            <Picture
              source={banner.image}
              sizes={imageSizes({ 768: "480px" }, "calc(85vw - 27px)")}
              loading={index === 0 ? "lcp" : "lazy"}
              className="aspect-[2/1] w-full object-cover"
            />
            <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/60 to-transparent p-4 text-lg font-semibold text-white">
              {banner.title}
            </span>
          </>
        );
        const className = "relative block overflow-hidden rounded-2xl";
        return (
          <li key={banner.id} className="w-[85%] shrink-0 snap-start md:w-[480px]">
            {banner.vendorId !== null ? (
              <Link to={vendorHref(banner.vendorId)} className={className}>
                {picture}
              </Link>
            ) : banner.url?.startsWith("/") && !banner.url.startsWith("//") ? (
              <Link to={`/${locale}${banner.url}`} className={className}>
                {picture}
              </Link>
            ) : banner.url && /^https?:\/\//i.test(banner.url) ? (
              <a href={banner.url} className={className} rel="noopener noreferrer">
                {picture}
              </a>
            ) : (
              <div className={className}>{picture}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
