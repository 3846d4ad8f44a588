import {
  everydayHours,
  formatDeliveryCost,
  formatMinutesRange,
  formatMoney,
  formatRating,
  imageSizes,
  keepsToFilter,
  menuFilterFromParams,
  WEEK_DAYS,
} from "@storefront/domain";
import type { Catalogue, GroupOrder, VendorDetail } from "@storefront/domain/contract";
import { data, Link, redirect, useLocation } from "react-router";
import { FloatingCartButton } from "../components/cart-button.tsx";
import { Footer } from "../components/footer.tsx";
import {
  GroupFloatingButton,
  GroupOrderGone,
  GroupOrderPanel,
  StartGroupOrderButton,
} from "../components/group-order-panel.tsx";
import { Header } from "../components/header.tsx";
import { Icon } from "../components/icons.tsx";
import { InfoHint } from "../components/info-hint.tsx";
import { MenuFilterButton, MenuFilterPanel, MenuFilterStatus } from "../components/menu-filter.tsx";
import { ModalHost } from "../components/modal-host.tsx";
import { modalHref } from "../components/modal-link.ts";
import { Picture } from "../components/picture.tsx";
import { PreorderAlerts, PreorderTimeBar } from "../components/preorder-time.tsx";
import { ProductCard } from "../components/product-card.tsx";
import { ApiRequestError, apiGet } from "../lib/api.server.ts";
import { CartAddScope } from "../lib/cart.tsx";
import { menuSectionsOf, type VendorView, vendorViewOf } from "../lib/catalogue-view.ts";
import { MAIN_ID } from "../lib/focus.ts";
import { GROUP_PARAM, type GroupOrderState, groupTokenOf, useGroupOrder } from "../lib/group-order.ts";
import { type MessageKey, useLocale, useT } from "../lib/i18n.ts";
import { layoutMeta, socialMeta } from "../lib/meta.ts";
import { useOpeningTime } from "../lib/opening-time.ts";
import { formatPreorderTime } from "../lib/preorder-time.ts";
import { revalidateUnlessModalOrMenuFilter } from "../lib/revalidation.ts";
import { deliveryAddressOf, hasSession, loadCart, visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import { cartTimeOf, vendorApiQuery } from "../lib/vendor-query.ts";
import type { Route } from "./+types/locality-vendor-id";

/** Opening or closing a modal over the page, or filtering its menu, does not load its data again. */
export const shouldRevalidate = revalidateUnlessModalOrMenuFilter;

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const { platform, image } = layoutMeta(matches);
  if (!loaded) return [{ title: platform }];
  return socialMeta({
    title: `${platform} — ${loaded.vendor.name}`,
    description: loaded.vendor.description,
    image,
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  if (!/^\d{1,9}$/.test(params.id)) throw data("Vendor not found", { status: 404 });
  // The menu shows what can be ordered for the cart's time (section 7): its preorder time, or now.
  const [{ address: point }, cart] = await Promise.all([
    deliveryAddressOf(visitor),
    loadCart(visitor, hasSession(visitor)),
  ]);
  const cartTime = cartTimeOf(cart?.cart);
  const query = vendorApiQuery(point, cartTime);
  try {
    const [vendor, catalogue, group] = await Promise.all([
      apiGet<VendorDetail>(`/vendors/${params.id}${query}`, visitor.caller),
      apiGet<Catalogue>(`/vendors/${params.id}/catalogue${query}`, visitor.caller),
      groupOfLink(new URL(request.url).searchParams, Number(params.id), visitor.caller),
    ]);
    if (vendor.localityCode !== params.localityCode) {
      const url = new URL(request.url);
      throw redirect(`/${params.locale}/${vendor.localityCode}/vendor/${vendor.id}${url.search}`, 301);
    }
    // Only what the page, the product modal and the cart use goes into the document; the whole
    // menu still comes at once, so section links, the browser's find and no-JS visits all work.
    return {
      vendor: vendorViewOf(vendor),
      catalogue: { sections: menuSectionsOf(catalogue) },
      preorderDateTime: cartTime.preorderDateTime,
      group,
    };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404)
      throw data("Vendor not found", { status: 404 });
    throw error;
  }
}

/**
 * The group order a shared link opens this menu for: "gone" for a link that no longer works (or
 * belongs to another vendor), null for a page opened without one.
 */
async function groupOfLink(
  search: URLSearchParams,
  vendorId: number,
  caller: Parameters<typeof apiGet>[1],
): Promise<GroupOrder | "gone" | null> {
  if (!search.has(GROUP_PARAM)) return null;
  const token = groupTokenOf(search);
  if (!token) return "gone";
  try {
    const group = await apiGet<GroupOrder>(`/group-orders/${token}`, caller);
    return group.vendorId === vendorId ? group : "gone";
  } catch (error) {
    if (error instanceof ApiRequestError && error.status < 500) return "gone";
    throw error;
  }
}

const DAY_KEYS: Record<(typeof WEEK_DAYS)[number], MessageKey> = {
  MONDAY: "day.monday",
  TUESDAY: "day.tuesday",
  WEDNESDAY: "day.wednesday",
  THURSDAY: "day.thursday",
  FRIDAY: "day.friday",
  SATURDAY: "day.saturday",
  SUNDAY: "day.sunday",
};

function WorkingHours({ intervals }: { intervals: VendorView["workingHours"]["intervals"] }) {
  const t = useT();
  if (intervals.length === 0) return <p>{t("vendor.ordersUnavailable")}</p>;
  const everyday = everydayHours(intervals);
  if (everyday) return <p>{t("hours.everyday", { from: everyday.from, until: everyday.until })}</p>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      {WEEK_DAYS.map((day) => {
        const spans = intervals.filter((i) => i.day === day);
        return (
          <div key={day} className="contents">
            <dt className="text-ink-soft">{t(DAY_KEYS[day])}</dt>
            <dd>
              {spans.length ? spans.map((s) => `${s.from}–${s.until}`).join(", ") : t("vendor.hours.dayOff")}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { group } = loaderData;
  if (group && group !== "gone") return <GroupVendorPage loaderData={loaderData} initial={group} />;
  return <VendorMenu loaderData={loaderData} group={null} gone={group === "gone" ? {} : null} />;
}

/** The menu opened from a group order's link: what is added goes to the group, under one's name. */
function GroupVendorPage({
  loaderData,
  initial,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  initial: GroupOrder;
}) {
  const state = useGroupOrder(initial);
  const host = state.group.members.find((member) => member.host)?.name ?? "";
  // Called off while open: the menu is the restaurant's own again, and the page says why.
  if (state.gone) return <VendorMenu loaderData={loaderData} group={null} gone={{ host }} />;
  return (
    <CartAddScope add={state.add}>
      <VendorMenu loaderData={loaderData} group={state} gone={null} />
    </CartAddScope>
  );
}

function VendorMenu({
  loaderData,
  group,
  gone,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  group: GroupOrderState | null;
  /** A group order's link that no longer works, or the host of one called off on this page. */
  gone: { host?: string } | null;
}) {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const { vendor, catalogue, preorderDateTime } = loaderData;
  const { params } = useStorefront();
  const available = vendor.timeAvailability.available;
  const next = vendor.timeAvailability.nextAvailableAt;
  const openingTime = useOpeningTime();
  const when = preorderDateTime ? formatPreorderTime(preorderDateTime, locale) : null;
  // "You can order ahead" only where preorder is on.
  const canPreorder = params?.delivery.preOrderPeriod.type === "DAYS";
  const productHref = (id: number) => modalHref(location, { modal: "ProductModal", product: String(id) });
  // The customer's dietary needs filter the menu here, from the address, on the server and in the browser.
  const filter = menuFilterFromParams(new URLSearchParams(location.search));
  const sections = catalogue.sections
    .map((section) => ({
      ...section,
      products: section.products.filter((product) => keepsToFilter(product, filter)),
    }))
    .filter((section) => section.products.length > 0);
  const shown = sections.reduce((sum, section) => sum + section.products.length, 0);
  const total = catalogue.sections.reduce((sum, section) => sum + section.products.length, 0);
  const popularProducts = vendor.popularProducts.filter((product) => keepsToFilter(product, filter));
  const stat = "flex flex-col gap-0.5 rounded-2xl bg-surface px-3 py-2";

  return (
    <>
      <Header />
      <PreorderTimeBar canPreorder={vendor.workingHours.intervals.length > 0} />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-8 pt-4">
        {gone && <GroupOrderGone {...gone} />}
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
                {!group && available && (
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
            <dl className="mt-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div className={stat}>
                <dt className="text-ink-soft">{t("vendor.rating")}</dt>
                <dd className="flex items-center gap-1 font-semibold">
                  <Icon name="star" className="size-4 fill-amber-400 text-amber-400" />
                  {vendor.rating === null ? "—" : formatRating(vendor.rating, locale)}
                  <span className="font-normal text-ink-soft">({vendor.ratingsCount})</span>
                </dd>
              </div>
              <div className={stat}>
                <dt className="flex items-center justify-between text-ink-soft">
                  {vendor.delivery ? t("vendor.deliveryTime") : t("vendor.cookingTime")}
                  <InfoHint
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
                <dt className="flex items-center justify-between text-ink-soft">
                  {t("vendor.minOrder")}
                  <InfoHint
                    label={t("vendor.minOrder")}
                    text={t("vendor.hint.minOrder", {
                      amount: formatMoney(vendor.minOrderPrice, vendor.currencyCode, locale),
                    })}
                  />
                </dt>
                <dd className="font-semibold">
                  {formatMoney(vendor.minOrderPrice, vendor.currencyCode, locale)}
                </dd>
              </div>
              <div className={stat}>
                <dt className="flex items-center justify-between text-ink-soft">
                  {t("vendor.delivery")}
                  <InfoHint label={t("vendor.delivery")} text={t("vendor.hint.delivery")} />
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
          </div>
        </section>

        {group && <GroupOrderPanel state={group} />}

        <div
          id="about-vendor"
          popover="auto"
          role="dialog"
          aria-labelledby="about-vendor-name"
          className="popup-panel bg-white p-6 shadow-2xl [position-anchor:--about-vendor]"
        >
          <h2 id="about-vendor-name" className="text-xl font-semibold">
            {vendor.name}
          </h2>
          <p className="mt-2 text-ink-soft">{vendor.description}</p>
          <h3 className="mt-4 font-semibold">{t("vendor.address")}</h3>
          <p>
            {vendor.street} {vendor.houseNumber}, {vendor.city}
          </p>
          <h3 className="mt-4 font-semibold">{t("vendor.workingHours")}</h3>
          <WorkingHours intervals={vendor.workingHours.intervals} />
          <button
            type="button"
            popoverTarget="about-vendor"
            popoverTargetAction="hide"
            className="mt-5 min-h-11 w-full rounded-full bg-brand font-medium text-brand-ink"
          >
            {t("common.understood")}
          </button>
        </div>

        {popularProducts.length > 0 && (
          <section aria-labelledby="popular" className="mt-8">
            <div className="flex items-center justify-between">
              <h2 id="popular" className="text-xl font-bold">
                {t("vendor.popular")}
              </h2>
              <Link
                to={modalHref(location, { modal: "PopularProducts", vendor: String(vendor.id) })}
                preventScrollReset
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand"
              >
                {t("vendor.popular.all")}
              </Link>
            </div>
            <ul className="-mx-4 mt-1.5 flex gap-3 overflow-x-auto px-4 pb-2 pt-1.5 [scrollbar-width:none]">
              {popularProducts.slice(0, 6).map((product) => (
                <li key={product.id} className="w-44 shrink-0">
                  <ProductCard product={product} href={productHref(product.id)} />
                </li>
              ))}
            </ul>
          </section>
        )}

        <nav
          aria-label={t("vendor.sections")}
          className="sticky top-[108px] z-10 -mx-4 mt-6 md:top-16 overflow-x-auto bg-surface/95 px-4 py-2 backdrop-blur [scrollbar-width:none]"
        >
          <ul className="flex gap-2">
            <li>
              <MenuFilterButton filter={filter} />
            </li>
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#section-${section.id}`}
                  className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full bg-white px-4 text-sm font-medium shadow-sm ring-1 ring-black/5"
                >
                  {section.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <MenuFilterPanel filter={filter} shown={shown} />
        <MenuFilterStatus filter={filter} hidden={total - shown} />
        {sections.length === 0 && <p className="mt-6 text-ink-soft">{t("menuFilter.nothing")}</p>}
        {sections.map((section) => (
          <section
            key={section.id}
            id={`section-${section.id}`}
            aria-labelledby={`section-title-${section.id}`}
            className="mt-6 scroll-mt-32"
          >
            <h2 id={`section-title-${section.id}`} className="text-xl font-bold">
              {section.name}
            </h2>
            {section.closedHours && (
              <p className="mt-1 text-sm text-ink-soft">{t("vendor.section.hours", section.closedHours)}</p>
            )}
            <ul className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">
              {section.products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} href={productHref(product.id)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
      <Footer />
      {group ? <GroupFloatingButton group={group.group} /> : <FloatingCartButton aboveBottomBar={false} />}
      <ModalHost />
      <PreorderAlerts />
    </>
  );
}
