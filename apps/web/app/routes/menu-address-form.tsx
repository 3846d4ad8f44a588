import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { AddressForm } from "../components/address-book.tsx";
import { useAddressChoice } from "../components/address-choice.ts";
import { Icon } from "../components/icons.tsx";
import { titleFrom } from "../components/titled.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-address-form";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const t = await serverTranslator(visitorOf(context).locale);
  return { title: t("title.addresses") };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/**
 * Adds an address, or edits the one named by `?id=`. Saving goes back to the list; a new address
 * becomes the delivery address when none is chosen yet.
 */
export default function AddressFormPage() {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const { savedAddresses, deliveryAddress } = useStorefront();
  const list = `/${locale}/menu/address/address-list`;
  const choice = useAddressChoice(list);
  const id = search.get("id");
  const editing = id ? (savedAddresses.find((address) => String(address.id) === id) ?? null) : null;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <Link to={list} className="-ms-2 inline-flex min-h-11 items-center gap-1 rounded-full px-2 text-brand">
        <Icon name="chevron-back" className="size-4 flip-rtl" />
        {t("title.addresses")}
      </Link>
      <h1 className="mt-1 mb-4 text-2xl font-bold">
        {editing ? t("address.title.edit") : t("address.title.new")}
      </h1>
      {id && !editing ? (
        <p role="alert" className="text-ink-soft">
          {t("address.notFound")}
        </p>
      ) : (
        <AddressForm
          key={editing?.id ?? "new"}
          editing={editing}
          submitLabel={t("profile.save")}
          onSaved={async (savedId) => {
            if (!editing && deliveryAddress?.kind !== "saved") return choice.select(savedId);
            await revalidator.revalidate();
            navigate(list);
          }}
        />
      )}
    </section>
  );
}
