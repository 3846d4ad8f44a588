import { countForm } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { PromoCodeList } from "../components/promo-code-list.tsx";
import { titleFrom } from "../components/titled.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { listLocalities, resolveLocalityCode, visitorOf } from "../lib/storefront.server.ts";
import type { Route } from "./+types/menu-promocodes";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const localities = await listLocalities(visitor);
  const { code } = await resolveLocalityCode(localities, visitor, null);
  const [t, answer] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.promoCodes(code), visitor.caller),
  ]);
  return { title: t("menu.promocodes"), promoCodes: answer.promoCodes };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The promo codes the customer can use in the current locality. */
export default function PromoCodesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const count = loaderData.promoCodes.length;
  return (
    <section className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("menu.promocodes")}</h1>
      {count > 0 && (
        <p className="mt-1 text-ink-soft">{t("promo.count", { form: countForm(count), count })}</p>
      )}
      <div className="mt-4">
        <PromoCodeList promoCodes={loaderData.promoCodes} />
      </div>
    </section>
  );
}
