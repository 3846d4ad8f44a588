import { formatQuantityBadge } from "@storefront/domain";
import { Suspense } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { useT } from "../lib/i18n.ts";
import { mediaUrl } from "../lib/media-url.ts";
import { lazyPart } from "../lib/new-build.ts";
import { useStorefront } from "../lib/storefront.ts";
import { filtersOf } from "../lib/vendor-query.ts";
import { AddressSelector } from "./address-selector.tsx";
import { Badge } from "./badge.tsx";
import { HeaderCartButton } from "./cart-button.tsx";
import { Icon } from "./icons.tsx";
import { LocalityPicker } from "./locality-picker.tsx";
import { modalHref } from "./modal-link.ts";

/** The orders popup comes with the first page that shows orders under way. */
const ActiveOrdersButton = lazyPart(() =>
  import("./active-orders-popup.tsx").then((module) => ({ default: module.ActiveOrdersButton })),
);

/**
 * The header: logo, delivery address, search and filters (on a locality's catalogue), sign-in,
 * language. Favourites, orders and the profile join once the visitor signs in.
 */
export function Header({ browsing = false }: { browsing?: boolean }) {
  const t = useT();
  const { locale, locality, params, native, user, activeOrdersCount } = useStorefront();
  const location = useLocation();
  const [search] = useSearchParams();
  // Every picked category counts, however the URL lists them ("categories=1,2" or one per value).
  const picked = filtersOf(search).categories.length;
  const home = locality ? `/${locale}/${locality.code}` : `/${locale}`;
  const platformName = params?.publicInfo.platformName ?? "";
  const href = (modal: string) => modalHref(location, { modal });
  const iconButton = "relative grid size-11 place-items-center rounded-full text-ink hover:bg-black/5";
  // The orders page, also shown while the orders popup's code is on its way.
  const ordersLink = (
    <Link
      to={`/${locale}/menu/orders`}
      className={`${iconButton} max-md:hidden`}
      aria-label={t("header.orders")}
    >
      <Icon name="receipt" />
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 px-4 md:h-16 md:flex-nowrap">
        {native && browsing && (
          <button
            type="button"
            onClick={() => history.back()}
            className={iconButton}
            aria-label={t("common.back")}
          >
            <Icon name="chevron-back" className="flip-rtl" />
          </button>
        )}
        <Link
          to={home}
          hidden={native}
          className="flex h-14 shrink-0 items-center text-xl font-bold tracking-tight text-brand md:h-auto"
          aria-label={t("header.home", { name: platformName })}
        >
          {params?.theme.logoUrl && !params.theme.textLogo ? (
            <img src={mediaUrl(params.theme.logoUrl)} alt="" height={32} className="h-8 w-auto" />
          ) : (
            platformName
          )}
        </Link>
        <LocalityPicker />
        <AddressSelector />
        <nav aria-label={t("header.navigation")} className="ms-auto flex items-center gap-0.5">
          {browsing && (
            <Link to={href("HeaderSearch")} className={iconButton} aria-label={t("header.search")}>
              <Icon name="search" />
            </Link>
          )}
          {browsing && (
            <a
              href="#filters"
              className={`${iconButton} md:hidden`}
              aria-label={t("header.filters", { count: picked })}
            >
              <Icon name="filter" />
              {picked > 0 && <Badge>{formatQuantityBadge(picked)}</Badge>}
            </a>
          )}
          <HeaderCartButton />
          {!native && !user && (
            <Link to={href("LanguagesList")} className={iconButton} aria-label={t("header.language")}>
              <Icon name="globe" />
            </Link>
          )}
          {user ? (
            <>
              <Link
                to={`/${locale}/menu/favorites`}
                className={`${iconButton} max-md:hidden`}
                aria-label={t("header.favorites")}
              >
                <Icon name="heart" />
              </Link>
              {activeOrdersCount > 0 ? (
                <Suspense fallback={ordersLink}>
                  <ActiveOrdersButton className={`${iconButton} max-md:hidden`} />
                </Suspense>
              ) : (
                ordersLink
              )}
              {/* The customer's name from 1,024 px: on a tablet, beside the address and the cart, it
                  had room for two letters. */}
              <Link
                to={`/${locale}/menu/profile`}
                className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full hover:bg-black/5 lg:px-3"
              >
                <Icon name="user" />
                <span
                  dir="auto"
                  className="hidden max-w-32 truncate text-sm font-medium lg:inline text-match-parent"
                >
                  {user.name ?? t("header.profile")}
                </span>
                <span className="sr-only lg:hidden">{t("header.profile")}</span>
              </Link>
            </>
          ) : (
            <Link
              to={href("AuthModal")}
              className="flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full text-ink hover:bg-black/5 md:bg-brand md:px-4 md:text-brand-ink md:hover:bg-brand"
            >
              <Icon name="user" />
              <span className="hidden text-sm font-medium md:inline">{t("header.signIn")}</span>
              <span className="sr-only md:hidden">{t("header.signIn")}</span>
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
