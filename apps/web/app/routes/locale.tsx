import { endpoints } from "@storefront/domain/endpoints";
import { Suspense, useEffect } from "react";
import { isRouteErrorResponse, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { ErrorPage, errorTitleKey } from "../components/error-page.tsx";
import { modalHref } from "../components/modal-link.ts";
import { NetworkAlert } from "../components/network-alert.tsx";
import { ProgressBar } from "../components/progress-bar.tsx";
import { titleFrom } from "../components/titled.ts";
import { ACTIVE_ORDERS_SHOWN, activeOrderLineOf } from "../lib/active-order-line.ts";
import { usePageViews } from "../lib/analytics.ts";
import { apiGet, loadOptional, storefrontOriginOf } from "../lib/api.server.ts";
import { CartProvider } from "../lib/cart.tsx";
import { browserApiBase, webConfig } from "../lib/config.server.ts";
import { localityCookie } from "../lib/cookies.server.ts";
import { mediaUrl } from "../lib/media-url.ts";
import { metaText } from "../lib/meta.ts";
import { navigationRules } from "../lib/navigation-rules.server.ts";
import { lazyPart } from "../lib/new-build.ts";
import { usePushRegistration } from "../lib/push-registration.ts";
import { usePushTaps } from "../lib/push-taps.ts";
import { revalidateOnOtherPath } from "../lib/revalidation.ts";
import { useServiceWorker } from "../lib/service-worker.ts";
import {
  deliveryAddressOf,
  hasSession,
  listLocalities,
  loadCart,
  loadCurrentUser,
  loadLocalityParams,
  resolveLocalityCode,
  visitorOf,
} from "../lib/storefront.server.ts";
import { LOCALITY_NOT_FOUND } from "../lib/storefront.ts";
import type { Route } from "./+types/locale";

export const middleware: Route.MiddlewareFunction[] = [navigationRules];

export const shouldRevalidate = revalidateOnOtherPath;

/**
 * The localities, the current one and its params: header, footer and theme need them on every page.
 * What does not depend on the locality is asked for at once, beside the list of localities.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const signedIn = hasSession(visitor);
  const [localities, user, favourites, delivery, cart, active] = await Promise.all([
    listLocalities(visitor),
    loadCurrentUser(visitor),
    signedIn
      ? loadOptional("favourites", () => apiGet(endpoints.customer.favourites(), visitor.caller), null)
      : null,
    deliveryAddressOf(visitor),
    loadCart(visitor, signedIn),
    signedIn
      ? loadOptional("active orders", () => apiGet(endpoints.customer.activeOrders(), visitor.caller), null)
      : null,
  ]);
  const fromUrl = localities.find((l) => l.code === params.localityCode);
  // The locality a page's URL names becomes the stored one (section 4), vendor pages included.
  if (fromUrl && fromUrl.code !== visitor.storedLocalityCode)
    visitor.cookies.push(await localityCookie.serialize(fromUrl.code));
  const code = fromUrl?.code ?? (await resolveLocalityCode(localities, visitor, null)).code;
  const locality = localities.find((l) => l.code === code) ?? localities[0];
  const localityParams = locality
    ? await loadOptional("locality params", () => loadLocalityParams(locality.code, visitor.caller), null)
    : null;
  return {
    origin: storefrontOriginOf(request).origin,
    locale: visitor.locale,
    native: visitor.platform !== "web",
    // The app's platform and version, and where the partner's releases say which app they need.
    app:
      visitor.platform === "web"
        ? null
        : {
            platform: visitor.platform,
            version: visitor.appVersion,
            metadataUrl: `${webConfig.updatesUrl ?? "/updates"}/${visitor.caller.partnerCode}/customer/metadata.json`,
          },
    user,
    externalSignInRefused: visitor.externalSignInRefused,
    customerPrefill: visitor.customerPrefill,
    favouriteVendorIds: favourites?.vendors.map((v) => v.id) ?? [],
    favouriteProductIds: favourites?.products.map((p) => p.id) ?? [],
    deliveryAddress: delivery.address,
    savedAddresses: delivery.saved,
    cart,
    activeOrdersCount: active?.orders.length ?? 0,
    // The header's popup: each order's status and arrival window, as the page was loaded.
    activeOrders: (active?.orders ?? []).slice(0, ACTIVE_ORDERS_SHOWN).map(activeOrderLineOf),
    localities,
    locality: locality ?? null,
    params: localityParams,
    client: {
      partnerCode: visitor.caller.partnerCode,
      buildVersion: webConfig.buildVersion,
      apiBase: browserApiBase(storefrontOriginOf(request)),
    },
  };
}

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Tag managers read the data layer: the user-set event goes out 3 s after a customer is known. */
function useUserSetEvent(userId: number | undefined) {
  useEffect(() => {
    if (userId === undefined) return;
    const timer = window.setTimeout(() => {
      window.dataLayer ??= [];
      window.dataLayer.push({ event: "userSet", userId });
    }, 3000);
    return () => window.clearTimeout(timer);
  }, [userId]);
}

/** A signed-in customer without a name is asked for one, except while checking out. */
function useAskForName(user: { name: string | null } | null) {
  const location = useLocation();
  const navigate = useNavigate();
  const modalOpen = new URLSearchParams(location.search).has("modal");
  const askFor = user !== null && !user.name && !modalOpen && !location.pathname.endsWith("/cart");
  useEffect(() => {
    if (askFor)
      navigate(modalHref(location, { modal: "AuthNameModal" }), { replace: true, preventScrollReset: true });
  }, [askFor, location, navigate]);
}

/** What a page shows only now and then comes with its first showing, not with every page. */
const LoaderScreen = lazyPart(() =>
  import("../components/loader-screen.tsx").then((module) => ({ default: module.LoaderScreen })),
);
const SignInRefusedAlert = lazyPart(() =>
  import("../components/sign-in-refused-alert.tsx").then((module) => ({
    default: module.SignInRefusedAlert,
  })),
);
const AppUpdateAlert = lazyPart(() =>
  import("../components/app-update-alert.tsx").then((module) => ({ default: module.AppUpdateAlert })),
);
const AppUpdateReadyAlert = lazyPart(() =>
  import("../components/app-update-ready-alert.tsx").then((module) => ({
    default: module.AppUpdateReadyAlert,
  })),
);

/** Whether a navigation under way leads to another locality's catalogue. */
function useSwitchingLocality(codes: string[]): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state !== "loading") return false;
  const localityOf = (pathname: string) => {
    const segment = pathname.split("/")[2] ?? "";
    return codes.includes(segment) ? segment : null;
  };
  const next = localityOf(navigation.location.pathname);
  return next !== null && next !== localityOf(location.pathname);
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  const brand = loaderData.params?.theme.brandColour;
  const iconUrl = loaderData.params?.theme.iconUrl;
  useUserSetEvent(loaderData.user?.id);
  usePushTaps(loaderData.locale);
  usePushRegistration(loaderData.user?.id, loaderData.client, loaderData.locale);
  const switchingLocality = useSwitchingLocality(loaderData.localities.map((l) => l.code));
  useAskForName(loaderData.user);
  useServiceWorker(loaderData.native);
  usePageViews();
  return (
    <div style={brand ? ({ "--brand": brand } as React.CSSProperties) : undefined} className="contents">
      {/* The partner's icon, drawn from its brand (React puts these links in the head). */}
      {iconUrl ? <link rel="icon" type="image/png" sizes="192x192" href={mediaUrl(iconUrl)} /> : null}
      {iconUrl ? <link rel="apple-touch-icon" href={mediaUrl(iconUrl)} /> : null}
      {/* Installable under the partner's name and colour (routes/web-manifest.ts); not in the native app. */}
      {loaderData.native ? null : <link rel="manifest" href="/manifest.webmanifest" />}
      {brand ? <meta name="theme-color" content={brand} /> : null}
      <ProgressBar />
      {switchingLocality && (
        <Suspense fallback={null}>
          <LoaderScreen
            platformName={loaderData.params?.publicInfo.platformName ?? ""}
            logoUrl={loaderData.params?.theme.textLogo ? null : (loaderData.params?.theme.logoUrl ?? null)}
          />
        </Suspense>
      )}
      {/* A cart belongs to a locality: in another one the provider starts again from the server's. */}
      <CartProvider key={loaderData.locality?.code} initial={loaderData.cart}>
        <Outlet />
      </CartProvider>
      <NetworkAlert />
      <Suspense fallback={null}>
        {loaderData.externalSignInRefused && <SignInRefusedAlert />}
        {loaderData.app?.version && <AppUpdateAlert {...loaderData.app} version={loaderData.app.version} />}
        {loaderData.app && <AppUpdateReadyAlert />}
      </Suspense>
    </div>
  );
}

/**
 * The error page's title. Under this layout's error boundary the failed page's own meta does not
 * run (an unknown locality or vendor is the page's loader throwing 404): the layout names it.
 */
export function meta({ error, matches }: Route.MetaArgs) {
  if (!error) return [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return titleFrom(matches, metaText(matches, errorTitleKey(status)));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const localityNotFound = isRouteErrorResponse(error) && error.data === LOCALITY_NOT_FOUND;
  // Section 8: the unknown locality is also a warning in the browser's console.
  useEffect(() => {
    if (localityNotFound) console.warn(LOCALITY_NOT_FOUND);
  }, [localityNotFound]);
  return <ErrorPage status={status} localityNotFound={localityNotFound} />;
}
