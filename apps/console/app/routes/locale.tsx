import { I18nProvider } from "@lingui/react";
import { isSupportedLocale } from "@storefront/domain";
import { Outlet, redirect, useLoaderData } from "react-router";
import { SkipLink } from "../components/skip-link.tsx";
import { useFocusKeptAcrossPages } from "../lib/focus.ts";
import { i18nFor } from "../lib/i18n.ts";
import type { Route } from "./+types/locale";

/** Every screen under a language: its catalogue is loaded before the screen shows. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!isSupportedLocale(params.locale)) throw redirect("/");
  return { i18n: await i18nFor(params.locale) };
}

export default function LocaleLayout() {
  const { i18n } = useLoaderData<typeof clientLoader>();
  useFocusKeptAcrossPages();
  return (
    <I18nProvider i18n={i18n}>
      <SkipLink />
      <Outlet />
    </I18nProvider>
  );
}
