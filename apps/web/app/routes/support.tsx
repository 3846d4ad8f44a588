import { everydayHours } from "@storefront/domain";
import { DefaultLayout } from "../components/default-layout.tsx";
import { Icon } from "../components/icons.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/support";

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
  const { params } = useStorefront();
  const contacts = params?.contacts.forClients;
  const everyday = contacts ? everydayHours(contacts.workingHours.intervals) : null;
  const row = "flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 shadow-sm ring-1 ring-black/5";
  return (
    <DefaultLayout>
      <h1 className="text-2xl font-bold">{t("title.support")}</h1>
      <p className="mt-2 text-ink-soft">{t("support.intro")}</p>
      {contacts && (
        <ul className="mt-6 grid max-w-xl gap-3">
          <li>
            <a href={`tel:${contacts.phone}`} className={row}>
              <Icon name="phone" className="size-5 text-brand" />
              <bdi>{contacts.phone}</bdi>
            </a>
          </li>
          <li>
            <a href={`mailto:${contacts.email}`} className={row}>
              <Icon name="mail" className="size-5 text-brand" />
              {contacts.email}
            </a>
          </li>
          <li className={row}>
            <Icon name="clock" className="size-5 text-brand" />
            {everyday
              ? t("hours.everyday", { from: everyday.from, until: everyday.until })
              : t("hours.varies")}
          </li>
        </ul>
      )}
    </DefaultLayout>
  );
}
