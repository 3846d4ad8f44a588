import { I18nProvider } from "@lingui/react";
import { isRightToLeft, isSupportedLocale } from "@storefront/domain";
import { use, useEffect, useMemo } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/error-page.tsx";
import { SkipLink } from "./components/skip-link.tsx";
import { pageReady } from "./lib/bridge.ts";
import { catalogueUrl } from "./lib/catalogs.server.ts";
import { catalogueRead, readCatalogue } from "./lib/catalogue.ts";
import { localeCookie, readCookie } from "./lib/cookies.server.ts";
import { refuseCrossSitePosts } from "./lib/cross-site-posts.server.ts";
import { useFocusKeptAcrossPages } from "./lib/focus.ts";
import { createI18n } from "./lib/i18n.ts";
import { intlWarmUpScript } from "./lib/intl-warm-up.ts";
import { chooseLocale } from "./lib/navigation.ts";
import { useNonce } from "./lib/nonce.ts";
import { PUSH_TAP_STUB } from "./lib/push-taps.ts";
import { secureCookies } from "./lib/secure-cookies.server.ts";

/** Over https every cookie a page sets is Secure, whichever route set it. */
export const middleware: Route.MiddlewareFunction[] = [refuseCrossSitePosts, secureCookies];

export const links: Route.LinksFunction = () => [
  // With a precedence React emits the stylesheet right after the preloads, ahead of the route
  // modules' modulepreloads it would otherwise queue behind (six connections over HTTP/1.1).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const locale =
    params.locale && isSupportedLocale(params.locale)
      ? params.locale
      : chooseLocale({
          urlLocale: params.locale,
          cookieLocale: await readCookie<string>(localeCookie, request),
          acceptLanguage: request.headers.get("Accept-Language"),
        });
  // The page renders with the language's words; the browser reads the same file, `catalogue`, which
  // the page fetches with its scripts after its first frame (entry.server.tsx).
  const catalogue = catalogueUrl(locale);
  await readCatalogue(locale, catalogue);
  return { locale, dir: isRightToLeft(locale) ? "rtl" : "ltr", catalogue };
}

/**
 * The catalogue only changes with the language. A path that names none (the site's root, a bare
 * /vendor link) only sends the visitor on to one that does: the language read stays until then, so
 * its error page, if it fails, is still in the visitor's language.
 */
export function shouldRevalidate({ currentParams, nextParams, formMethod }: ShouldRevalidateFunctionArgs) {
  const otherLanguage = nextParams.locale !== undefined && currentParams.locale !== nextParams.locale;
  return otherLanguage || (formMethod !== undefined && formMethod !== "GET");
}

const LOCALE_REAPPLY_MS = 500;

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang={data?.locale ?? "en"} dir={data?.dir ?? "ltr"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <Meta />
        <Links />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed one-line stub, no visitor input */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PUSH_TAP_STUB }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script naming one of the supported locales */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: intlWarmUpScript(data?.locale ?? "en") }} />
      </head>
      <body className="min-h-dvh bg-surface font-sans text-ink antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { locale, catalogue } = loaderData;
  // Read before the page rendered on the server; in the browser the page hydrates, and a change of
  // language renders, once the language's file is read.
  const messages = use(readCatalogue(locale, catalogue));
  const i18n = useMemo(() => createI18n(locale, messages), [locale, messages]);
  // The storefront is on screen: the app's splash goes; a webview showing the page hears when it closes.
  // The root's effect runs once every part of the page has become live: `data-live` says so (to
  // styles, and to the browser tests, which wait for it rather than for the network to fall silent).
  useEffect(() => {
    pageReady();
    document.documentElement.dataset.live = "";
  }, []);
  useFocusKeptAcrossPages();
  // The language is applied again half a second after it is set (section 9): whatever rendered
  // in between (a late chunk, a native bridge) ends up with the page's lang and direction.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      // Only a change is written: writing the same lang makes the browser restyle the whole page.
      const root = document.documentElement;
      const dir = isRightToLeft(locale) ? "rtl" : "ltr";
      if (root.lang !== locale) root.lang = locale;
      if (root.dir !== dir) root.dir = dir;
    }, LOCALE_REAPPLY_MS);
    return () => window.clearTimeout(timer);
  }, [locale]);
  return (
    <I18nProvider i18n={i18n}>
      <SkipLink />
      <Outlet />
    </I18nProvider>
  );
}

/**
 * An error no page under a locale caught: the translated error page when the root's language and
 * catalogue were read, else (the root itself failed) the same words in English, the only ones the
 * page then has.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = useRouteLoaderData<typeof loader>("root");
  const messages = data && catalogueRead(data.locale);
  const i18n = useMemo(() => data && messages && createI18n(data.locale, messages), [data, messages]);
  if (i18n)
    return (
      <I18nProvider i18n={i18n}>
        <ErrorPage status={status} />
      </I18nProvider>
    );
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-6xl font-bold text-brand">{status}</p>
      <h1 className="text-xl font-semibold">
        {status === 404 ? "This page does not exist" : "Sorry, the service is temporarily broken"}
      </h1>
      <p className="text-ink-soft">Thank you for your patience: we are already fixing it.</p>
      <a href="/" className="rounded-full bg-brand px-6 py-3 font-medium text-brand-ink">
        Try again
      </a>
    </main>
  );
}
