// First: set before any schema of the contract is made (see the module).
import "./lib/zod-jitless.ts";
import { isRightToLeft, isSupportedLocale } from "@storefront/domain";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useParams,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/console/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const { locale } = useParams();
  const lang = locale && isSupportedLocale(locale) ? locale : "en";
  const dir = isRightToLeft(lang) ? "rtl" : "ltr";
  // The page is prerendered once, in English; hydration keeps the attributes it finds, so a page
  // opened straight in Arabic (a reload, a link) sets its language and direction here.
  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = dir;
  }, [lang, dir]);
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface font-sans text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function Root() {
  return <Outlet />;
}

/** Shown while the first screen's data loads (the console is rendered in the browser only). */
export function HydrateFallback() {
  return <div className="p-6 text-ink-soft">…</div>;
}

/** The last resort, before any translation could load: plain and in English. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-lg p-8">
      <h1 className="font-semibold text-2xl">{status === 404 ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-ink-soft">
        <a className="underline" href="/console/">
          Back to the console
        </a>
      </p>
    </main>
  );
}
