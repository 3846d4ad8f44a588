import { DefaultLayout } from "../components/default-layout.tsx";
import { SupportContacts } from "../components/support-contacts.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/support";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { titleSuffix: t("title.support") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.titleSuffix ?? "");
}

/** How to reach the operator's support. */
export default function SupportPage() {
  const t = useT();
  return (
    <DefaultLayout>
      <h1 className="text-2xl font-bold">{t("title.support")}</h1>
      <p className="mt-2 text-ink-soft">{t("support.intro")}</p>
      <SupportContacts />
    </DefaultLayout>
  );
}
