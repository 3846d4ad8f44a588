import { consoleEndpoints } from "@storefront/domain/endpoints";
import { Link, useLoaderData } from "react-router";
import { PageTitle } from "../components/page-title.tsx";
import { consoleApi, signInRedirect } from "../lib/api.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import type { Route } from "./+types/pages";

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  try {
    return await consoleApi(consoleEndpoints.pages(params.locale));
  } catch (error) {
    return signInRedirect(error, params.locale, request);
  }
}

/** The partner's content pages in their storefront order, each opened in its editor. */
export default function Pages() {
  const t = useT();
  const locale = useLocale();
  const { pages } = useLoaderData<typeof clientLoader>();
  return (
    <main className="mx-auto grid max-w-screen-md gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <PageTitle>{t("pages.title")}</PageTitle>
        <h1 className="font-semibold text-2xl">{t("pages.title")}</h1>
        <Link
          to={`/${locale}/pages/new`}
          className="rounded-lg bg-accent px-4 py-2 font-semibold text-sm text-white"
        >
          {t("pages.add")}
        </Link>
      </div>
      <p className="text-ink-soft">{t("pages.intro")}</p>
      {pages.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-ink-soft ring-1 ring-line">{t("pages.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {pages.map((page) => (
            <li
              key={page.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 ring-1 ring-line"
            >
              <span className="grid">
                <Link
                  to={`/${locale}/pages/${page.id}`}
                  aria-label={t("pages.edit", { title: page.title })}
                  className="font-medium text-accent underline"
                >
                  {page.title}
                </Link>
                <span dir="ltr" className="text-ink-soft text-sm">
                  /cms/{page.slug}
                </span>
              </span>
              {page.visible ? null : (
                <span className="rounded-full bg-surface px-2 py-0.5 text-ink-soft text-xs">
                  {t("pages.hidden")}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
