import { endpoints } from "@storefront/domain/endpoints";
import { Suspense, useEffect } from "react";
import { data, redirect } from "react-router";
import { FloatingCartButton } from "../components/cart-button.tsx";
import { Footer } from "../components/footer.tsx";
import { GroupOrderGone } from "../components/group-order/group-order-gone.tsx";
import type { GroupMenuParts } from "../components/group-order/group-vendor-page.tsx";
import { Header } from "../components/header.tsx";
import { ModalHost } from "../components/modal-host.tsx";
import { PreorderAlerts, PreorderTimeBar } from "../components/preorder-time.tsx";
import { VendorAbout } from "../components/vendor-page/vendor-about.tsx";
import { VendorCatalogue } from "../components/vendor-page/vendor-catalogue.tsx";
import { VendorHero } from "../components/vendor-page/vendor-hero.tsx";
import { useTrack } from "../lib/analytics.ts";
import { ApiRequestError, apiGet } from "../lib/api.server.ts";
import { menuSectionsOf, vendorViewOf } from "../lib/catalogue-view.ts";
import { MAIN_ID } from "../lib/focus.ts";
import { GROUP_PARAM } from "../lib/group-link.ts";
import { layoutMeta, socialMeta } from "../lib/meta.ts";
import { lazyPart } from "../lib/new-build.ts";
import { revalidateUnlessModalOrMenuFilter } from "../lib/revalidation.ts";
import { deliveryAddressOf, hasSession, loadCart, visitorOf } from "../lib/storefront.server.ts";
import { groupOfLink } from "../lib/vendor-page.server.ts";
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
      apiGet(endpoints.vendors.detail(params.id, query), visitor.caller),
      apiGet(endpoints.vendors.catalogue(params.id, query), visitor.caller),
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

/** A group order's menu: its code comes with the first group page a visitor opens. */
let groupVendorPage: typeof import("../components/group-order/group-vendor-page.tsx") | null = null;
const loadGroupVendorPage = () =>
  import("../components/group-order/group-vendor-page.tsx").then((module) => {
    groupVendorPage = module;
    return module;
  });
const LazyGroupVendorPage = lazyPart(loadGroupVendorPage);
// Opened from a group's link, the page waits for that code before it is drawn: it goes live with the
// rest of the page, so a tap on "Join" never reaches a form no script holds yet (which the browser
// would submit itself, to the page without its group).
if (typeof window !== "undefined" && new URLSearchParams(window.location.search).has(GROUP_PARAM))
  await loadGroupVendorPage();

export default function VendorPage({ loaderData }: Route.ComponentProps) {
  const { group } = loaderData;
  const track = useTrack();
  const vendorId = loaderData.vendor.id;
  useEffect(() => track("vendor_view", { vendorId }), [track, vendorId]);
  if (group && group !== "gone") {
    const GroupVendorPage = groupVendorPage?.default ?? LazyGroupVendorPage;
    // Reached by a link within the site, the restaurant's own menu shows while the group's code comes.
    return (
      <Suspense fallback={<VendorMenu loaderData={loaderData} />}>
        <GroupVendorPage
          initial={group}
          menu={(parts) => <VendorMenu loaderData={loaderData} {...parts} />}
        />
      </Suspense>
    );
  }
  return <VendorMenu loaderData={loaderData} gone={group === "gone" ? {} : undefined} />;
}

function VendorMenu({
  loaderData,
  panel,
  floating,
  gone,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  /** A group order's link that no longer works, or the host of one called off on this page. */
  gone?: { host?: string };
} & Omit<GroupMenuParts, "gone">) {
  const { vendor, catalogue, preorderDateTime } = loaderData;
  return (
    <>
      <Header />
      <PreorderTimeBar canPreorder={vendor.workingHours.intervals.length > 0} />
      <main id={MAIN_ID} tabIndex={-1} className="mx-auto max-w-6xl px-4 pb-8 pt-4">
        {gone && <GroupOrderGone {...gone} />}
        <VendorHero vendor={vendor} preorderDateTime={preorderDateTime} inGroup={panel !== undefined} />
        {panel}
        <VendorAbout vendor={vendor} />
        <VendorCatalogue vendor={vendor} sections={catalogue.sections} />
      </main>
      <Footer />
      {floating ?? <FloatingCartButton aboveBottomBar={false} />}
      <ModalHost />
      <PreorderAlerts />
    </>
  );
}
