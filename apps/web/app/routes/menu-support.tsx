import { SupportContacts } from "../components/support-contacts.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-support";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { title: t("title.support") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

export default function AccountSupport() {
  const t = useT();
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.support")}</h1>
      <p className="mt-2 text-ink-soft">{t("support.intro")}</p>
      <SupportContacts />
    </section>
  );
}
