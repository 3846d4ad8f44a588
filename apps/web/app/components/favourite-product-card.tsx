import { imageSizes } from "@storefront/domain";
import type { FavouriteProduct } from "@storefront/domain/contract";
import { Link } from "react-router";
import { imageSource } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { FavouriteButton } from "./favourite-button.tsx";
import { Picture } from "./picture.tsx";
import { PriceTag } from "./product-card.tsx";

/** The link that opens a product's modal over its vendor's menu. */
export function productModalHref(locale: string, product: FavouriteProduct): string {
  const query = new URLSearchParams({ modal: "ProductModal", product: String(product.id) });
  return `/${locale}/${product.localityCode}/vendor/${product.vendorId}?${query}`;
}

/** A favourite product: picture, name, vendor and price; the whole card opens it on its menu. */
export function FavouriteProductCard({ product }: { product: FavouriteProduct }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article className="link-card relative flex h-full items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-black/5 transition hover:shadow-md">
      <Picture
        source={imageSource(product.image, 96, 300)}
        sizes={imageSizes({ 500: "96px" }, "80px")}
        className={`size-20 shrink-0 rounded-xl object-cover sm:size-24 ${product.available ? "" : "opacity-60 grayscale-[40%]"}`}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={productModalHref(locale, product)} className="link-card-target">
            {product.name}
          </Link>
        </h3>
        <p dir="auto" className="truncate text-sm text-ink-soft text-match-parent">
          {product.vendorName}
        </p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
          <PriceTag
            price={product.price}
            originalPrice={product.originalPrice}
            currencyCode={product.prices.currencyCode}
          />
          {!product.available && <span className="text-sm text-ink-soft">{t("product.unavailable")}</span>}
        </p>
      </div>
      <FavouriteButton kind="products" id={product.id} name={product.name} look="plain" />
    </article>
  );
}
