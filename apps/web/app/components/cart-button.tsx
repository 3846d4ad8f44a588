import { formatDeliveryCost, formatMoney, takesOffDelivery } from "@storefront/domain";
import type { Cart } from "@storefront/domain/contract";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useCart } from "../lib/cart.tsx";
import { imageSource } from "../lib/catalogue-view.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { Icon } from "./icons.tsx";
import { modalHref } from "./modal-link.ts";
import { Picture } from "./picture.tsx";

/** Delivery as the cart buttons show it: its cost, "free", or the takeaway label. */
function useDeliveryLabel(cart: Cart): string {
  const t = useT();
  const locale = useLocale();
  if (cart.receiptType === "TAKEAWAY") return t("cart.takeaway");
  const delivery = cart.prices.deliveryTotal - promoDeliveryDiscount(cart);
  return delivery === 0
    ? t("cart.delivery.free")
    : t("cart.delivery.cost", { cost: formatDeliveryCost(delivery, cart.currencyCode, locale) });
}

export function promoDeliveryDiscount(cart: Pick<Cart, "prices">): number {
  return cart.prices.discounts.filter(takesOffDelivery).reduce((sum, d) => sum + d.discountTotal, 0);
}

/**
 * The header's cart button: vendor avatar, the products' sum (so named) and delivery; it opens the
 * cart.
 */
export function HeaderCartButton() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const { cart } = useCart();
  if (!cart || cart.vendorCarts.length === 0) return null;
  return (
    <HeaderCartLink
      cart={cart}
      href={modalHref(location, { modal: "Cart" })}
      label={t("cart.open")}
      locale={locale}
    />
  );
}

function HeaderCartLink({
  cart,
  href,
  label,
  locale,
}: {
  cart: Cart;
  href: string;
  label: string;
  locale: string;
}) {
  const t = useT();
  const delivery = useDeliveryLabel(cart);
  const avatar = cart.vendorCarts[0]?.vendorAvatar ?? null;
  return (
    <Link
      to={href}
      preventScrollReset
      aria-label={label}
      className="flex min-h-11 items-center gap-2 rounded-full bg-brand-soft py-1 pe-3 ps-1 text-sm hover:bg-brand/20"
    >
      {avatar ? (
        <Picture
          source={imageSource(avatar, 36, 80)}
          sizes="36px"
          className="size-9 rounded-full object-cover"
        />
      ) : (
        <Icon name="bag" className="size-9 p-1.5 text-brand" />
      )}
      <span className="grid text-start leading-tight">
        {/* The products' sum, named: the cart's foot and the floating button show the total. */}
        <span className="flex items-baseline gap-x-1 max-md:flex-col">
          <span className="max-md:text-xs max-md:text-ink-soft">{t("cart.productsTotal")}</span>
          <span className="font-semibold">{formatMoney(cart.totalPrice, cart.currencyCode, locale)}</span>
        </span>
        <span className="text-xs text-ink-soft max-md:hidden">{delivery}</span>
      </span>
    </Link>
  );
}

/** Paths and modals where the floating button would cover what the visitor is doing. */
function floatingHidden(pathname: string, modal: string | null): boolean {
  return (
    /\/(cart|support)\/?$/.test(pathname) ||
    /\/cms\//.test(pathname) ||
    modal === "Cart" ||
    modal === "AuthAddressModal"
  );
}

/**
 * The floating cart button of phones: shown while the cart has vendor carts, except where
 * `floatingHidden` says; it bumps when the total changes.
 */
export function FloatingCartButton({ aboveBottomBar = true }: { aboveBottomBar?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const [search] = useSearchParams();
  const { cart } = useCart();
  const total = cart?.price ?? 0;
  const [loading, setLoading] = useState(true);
  const [bumping, setBumping] = useState(false);
  const previous = useRef(total);

  useEffect(() => {
    const timer = window.setTimeout(() => setLoading(false), 1000);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (previous.current === total) return;
    previous.current = total;
    setBumping(true);
    const timer = window.setTimeout(() => setBumping(false), 500);
    return () => window.clearTimeout(timer);
  }, [total]);

  if (!cart || cart.vendorCarts.length === 0 || floatingHidden(location.pathname, search.get("modal")))
    return null;
  const count = cart.itemsCount;
  return (
    // A landmark of its own, as every part of the page is in one: a screen reader's list of the
    // page's landmarks reaches it (the header's cart button is in the banner).
    <aside aria-label={t("cart.floating")} className="md:hidden">
      <Link
        to={modalHref(location, { modal: "Cart" })}
        preventScrollReset
        className={`fixed inset-x-4 ${aboveBottomBar ? "bottom-[calc(4.5rem+env(safe-area-inset-bottom))]" : "bottom-[calc(1rem+env(safe-area-inset-bottom))]"} z-20 mx-auto flex min-h-14 max-w-md items-center gap-3 rounded-2xl bg-brand px-4 font-semibold text-brand-ink shadow-lg ${loading ? "cart-load" : ""} ${bumping ? "cart-bump" : ""}`}
      >
        <span className="grid size-8 place-items-center rounded-full bg-white/25 text-sm">{count}</span>
        <span className="flex-1">{t("cart.floating")}</span>
        <span>{formatMoney(cart.price, cart.currencyCode, locale)}</span>
      </Link>
    </aside>
  );
}
