import { useMatches } from "react-router";
import { DefaultLayout } from "../components/default-layout.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { TITLE_SUFFIX } from "../lib/titles.ts";
import type { Route } from "./+types/menu-page";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    t: await serverTranslator(visitorOf(context).locale).then((t) =>
      Object.fromEntries(Object.entries(TITLE_SUFFIX).map(([id, key]) => [id, t(key)])),
    ),
  };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const id = matches.at(-1)?.id ?? "";
  return titleFrom(matches, data?.t[id] ?? "");
}

/** An account page; each one's content comes with the accounts work. */
export default function MenuPage() {
  const t = useT();
  const id = useMatches().at(-1)?.id ?? "";
  const key = TITLE_SUFFIX[id];
  return (
    <DefaultLayout>
      <h1 className="text-2xl font-bold">{key ? t(key) : ""}</h1>
    </DefaultLayout>
  );
}
