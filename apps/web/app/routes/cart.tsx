import { Link } from "react-router";
import { DefaultLayout } from "../components/default-layout.tsx";
import { Icon } from "../components/icons.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/cart";

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { titleSuffix: t("title.cart") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.titleSuffix ?? "");
}

/** The checkout page; the cart itself arrives with the cart and checkout work. */
export default function CartPage() {
  const t = useT();
  const { locale, locality } = useStorefront();
  return (
    <DefaultLayout variant="headerOnly">
      <h1 className="text-2xl font-bold">{t("title.cart")}</h1>
      <div className="mt-6 flex flex-col items-center gap-4 rounded-3xl bg-white p-10 text-center shadow-sm">
        <Icon name="bag" className="size-12 text-brand" />
        <p className="text-lg font-semibold">{t("cart.empty")}</p>
        <p className="text-ink-soft">{t("cart.empty.hint")}</p>
        <Link
          to={locality ? `/${locale}/${locality.code}` : `/${locale}`}
          className="inline-flex min-h-11 items-center rounded-full bg-brand px-6 font-medium text-brand-ink"
        >
          {t("error.toCatalogue")}
        </Link>
      </div>
    </DefaultLayout>
  );
}
