import { useMatches } from "react-router";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { TITLE_SUFFIX } from "../lib/titles.ts";
import type { Route } from "./+types/menu-page";

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { titles: Object.fromEntries(Object.entries(TITLE_SUFFIX).map(([id, key]) => [id, t(key)])) };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.titles[matches.at(-1)?.id ?? ""] ?? "");
}

/** An account page whose content comes with the rest of the accounts work. */
export default function MenuPage() {
  const t = useT();
  const id = useMatches().at(-1)?.id ?? "";
  const key = TITLE_SUFFIX[id];
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{key ? t(key) : ""}</h1>
      <p className="mt-3 text-ink-soft">{t("account.comingSoon")}</p>
    </section>
  );
}
