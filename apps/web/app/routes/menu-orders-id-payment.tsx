import { formatMoney } from "@storefront/domain";
import type { PaymentMethods } from "@storefront/domain/contract";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { OrderSummary } from "../components/order-summary.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientSend } from "../lib/api.client.ts";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { loadOrderPage } from "../lib/orders.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-orders-id-payment";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context, params }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, order] = await Promise.all([
    serverTranslator(visitor.locale),
    loadOrderPage(visitor, params.id, "payment"),
  ]);
  const methods = await loadOptional(
    "payment methods",
    () =>
      apiGet<PaymentMethods>(
        `/customer/me/payment-methods?localityCode=${order.localityCode}`,
        visitor.caller,
      ),
    null,
  );
  return { title: t("title.orders"), order, cards: methods?.methods.filter((m) => m.card) ?? [] };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

type PaymentAnswer = { transactionID: string; redirectUrl?: string | null; status: string };

/**
 * An order waiting for its online payment: pay on the card page (or with a saved card); back from
 * it, the payment is confirmed and the order goes on to its status page. A declined card leaves the
 * order here to try again.
 */
export default function OrderPaymentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { client } = useStorefront();
  const { order, cards } = loaderData;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const state = useButtonState(busy);
  const returning = search.get("transactionID");
  const confirmed = useRef(false);

  const authorize = async (transactionID: string) => {
    setBusy(true);
    const sent = await clientSend<{ status: string }>(
      client,
      "POST",
      `/customer/me/orders/${order.id}/payment/authorize`,
      locale,
      { transactionID },
    );
    setBusy(false);
    if (sent.ok && sent.body.status === "AUTHORIZED") {
      navigate(`/${locale}/menu/orders/${order.id}/status`, { replace: true });
      return;
    }
    setFailure(t("payment.declined"));
    navigate(`/${locale}/menu/orders/${order.id}/payment`, { replace: true });
  };

  useEffect(() => {
    if (!returning || confirmed.current) return;
    confirmed.current = true;
    void authorize(returning);
  });

  const pay = async (paymentMethod?: string) => {
    setBusy(true);
    setFailure(null);
    const sent = await clientSend<PaymentAnswer>(
      client,
      "POST",
      `/customer/me/orders/${order.id}/payment/create`,
      locale,
      {
        returnUrl: `/${locale}/menu/orders/${order.id}/payment`,
        ...(paymentMethod ? { paymentMethod } : {}),
      },
    );
    setBusy(false);
    if (!sent.ok) return setFailure(sent.error?.message ?? t("alert.somethingWentWrong"));
    // The card page is the API's (the gateway's) page, on the API's host.
    if (sent.body.redirectUrl)
      return window.location.assign(
        new URL(sent.body.redirectUrl, new URL(client.apiBase, window.location.href)).href,
      );
    await authorize(sent.body.transactionID);
  };

  return (
    <section className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold">{t("success.number", { id: String(order.id) })}</h1>
        <p role="status" className="text-lg font-semibold text-red-700">
          {t("order.status.CREATED")}
        </p>
      </header>
      {failure && (
        <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 text-red-800">
          {failure}
        </p>
      )}
      <div className="grid gap-2">
        {cards.map((card) => (
          <button
            key={card.code}
            type="button"
            disabled={busy}
            onClick={() => void pay(card.code)}
            className="min-h-12 rounded-full border border-line px-6 text-start font-medium"
          >
            {t("payment.withCard", { card: card.card?.maskedNumber ?? "" })}
          </button>
        ))}
        <StateButton
          type="button"
          state={state}
          onClick={() => void pay()}
          className="min-h-12 rounded-full bg-brand px-6 font-semibold text-brand-ink"
        >
          {t("payment.pay", { amount: formatMoney(order.price, order.currencyCode, locale) })}
        </StateButton>
      </div>
      <OrderSummary order={order} />
    </section>
  );
}
