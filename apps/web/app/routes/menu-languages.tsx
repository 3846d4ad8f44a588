import { SUPPORTED_LOCALES } from "@storefront/domain";
import { useLocation, useNavigate } from "react-router";
import { titleFrom } from "../components/titled.ts";
import { clientSend } from "../lib/api.client.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { LANGUAGE_NAMES, switchLocaleHref } from "../lib/languages.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-languages";

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { title: t("title.language") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's language: kept on the account, and the page switches 100 ms after a choice. */
export default function LanguagesPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const { client } = useStorefront();
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.language")}</h1>
      <fieldset className="mt-4 grid max-w-md gap-1">
        <legend className="sr-only">{t("title.language")}</legend>
        {SUPPORTED_LOCALES.map((code) => (
          <label
            key={code}
            lang={code}
            className="has-[:checked]:bg-brand-soft flex min-h-12 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-black/5"
          >
            <input
              type="radio"
              name="language"
              value={code}
              defaultChecked={code === locale}
              className="size-5 accent-[var(--brand)]"
              onChange={async () => {
                await clientSend(client, "PATCH", "/customer/me", code, { lang: code });
                window.setTimeout(() => navigate(switchLocaleHref(location, code)), 100);
              }}
            />
            {LANGUAGE_NAMES[code]}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
