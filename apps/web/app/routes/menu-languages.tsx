import { endpoints } from "@storefront/domain/endpoints";
import { useLocation, useNavigate } from "react-router";
import { LANGUAGE_SWITCH_DELAY_MS, LanguageChoice } from "../components/language-choice.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientSend } from "../lib/api.client.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { switchLocaleHref } from "../lib/languages.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-languages";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

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
  const navigate = useNavigate();
  const location = useLocation();
  const { client } = useStorefront();
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.language")}</h1>
      <div className="mt-4 max-w-md">
        <LanguageChoice
          onChoose={async (code) => {
            await clientSend(client, endpoints.customer.update(), code, { lang: code });
            window.setTimeout(() => navigate(switchLocaleHref(location, code)), LANGUAGE_SWITCH_DELAY_MS);
          }}
        />
      </div>
    </section>
  );
}
