import { countForm } from "@storefront/domain";
import { useNavigate } from "react-router";
import { AddressList } from "../components/address-book.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-address-list";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { title: t("title.addresses") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The customer's saved addresses: choose the delivery address, edit, delete, or add one. */
export default function AddressListPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const { savedAddresses } = useStorefront();
  const form = `/${locale}/menu/address/address-form`;
  const count = savedAddresses.length;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.addresses")}</h1>
      <p className="mt-1 mb-4 text-ink-soft">
        {count > 0 ? t("address.count", { form: countForm(count), count }) : t("address.empty")}
      </p>
      <AddressList onAdd={() => navigate(form)} onEdit={(address) => navigate(`${form}?id=${address.id}`)} />
    </section>
  );
}
