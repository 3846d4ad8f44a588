import { formatMoney } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { OrderSummary } from "../components/order-summary.tsx";
import { StateButton, useButtonState } from "../components/state-button.tsx";
import { titleFrom } from "../components/titled.ts";
import { useTrack } from "../lib/analytics.ts";
import { apiGet, loadOptional } from "../lib/api.server.ts";
import { cardNumberText } from "../lib/card-number.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { orderPayment, type PaymentOutcome, paymentFailureText } from "../lib/order-payment.ts";
import { loadOrderPage } from "../lib/orders.server.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-orders-id-payment";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const back = new URL(request.url).searchParams.get("status") === "AUTHORIZED";
  const [t, order] = await Promise.all([
    serverTranslator(visitor.locale),
    loadOrderPage(visitor, params.id, "payment", { thanksIfPaid: back }),
  ]);
  const methods = await loadOptional(
    "payment methods",
    () => apiGet(endpoints.customer.paymentMethods(order.localityCode), visitor.caller),
    null,
  );
  return {
    title: t("title.orders"),
    order,
    cards: methods?.methods.filter((m) => m.card) ?? [],
    // Where the city takes cash, a customer whose card will not go through pays on delivery instead.
    cash: methods?.methods.some((m) => m.type === "CASH") ?? false,
  };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/** The tab's memory of the card page it sent the customer to, for an order. */
const cardPageKey = (orderId: number) => `storefront.cardPage.${orderId}`;

/**
 * An order waiting for its online payment: pay on the card page, or with a saved card by a payment
 * intent. Back from the page, the payment is authorised and the order goes on to its status page, where
 * the success screen thanks the customer (not before: a card order is the restaurant's once paid); a
 * declined card stays here to try again. Leaving the card page (its Cancel, or the browser's Back)
 * cancels the pending payment, so the order waits for payment again.
 */
export default function OrderPaymentPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { client } = useStorefront();
  const track = useTrack();
  const { order, cards, cash } = loaderData;
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [state, setState] = useButtonState();
  const busy = state === "loading";
  const returning = search.get("transactionID");
  const settled = useRef(false);
  const payments = orderPayment(client, locale, order.id);
  const here = `/${locale}/menu/orders/${order.id}/payment`;

  /** The order's status, with the thanks for it: once paid, or to be paid in cash. */
  const thank = () =>
    navigate(`/${locale}/menu/orders/${order.id}/status?modal=SuccessScreenModal&order=${order.id}`, {
      replace: true,
    });

  /** Shows what became of a payment: paid goes on to the order's status. */
  const show = (outcome: PaymentOutcome) => {
    setState(outcome.ok && outcome.answer.status === "AUTHORIZED" ? "complete" : "ready");
    track("payment_result", { orderId: order.id, status: outcome.ok ? outcome.answer.status : "FAILED" });
    if (outcome.ok && outcome.answer.status === "AUTHORIZED") return thank();
    if (outcome.ok && outcome.answer.status === "CANCELED") setNotice(t("payment.canceled"));
    else setFailure(outcome.ok ? t("payment.declined") : paymentFailureText(outcome, t));
    navigate(here, { replace: true, preventScrollReset: true });
  };

  /**
   * Back here without the card page's answer: the customer left that page (the browser's Back, or
   * another way in). Its payment, remembered when the page was opened (this page itself may come
   * from the browser's cache) or still pending per the server, is canceled.
   */
  const settleLeftPage = (pendingOnServer: boolean) => {
    const opened = sessionStorage.getItem(cardPageKey(order.id));
    if (!opened && !pendingOnServer) return;
    sessionStorage.removeItem(cardPageKey(order.id));
    setState("loading");
    void payments.cancel(opened ?? undefined).then(show);
  };

  useEffect(() => {
    if (settled.current) return;
    settled.current = true;
    if (!returning) return settleLeftPage(order.paymentStatus === "PENDING");
    sessionStorage.removeItem(cardPageKey(order.id));
    setState("loading");
    // The page's own Cancel comes back CANCELED; anything else is asked of the gateway.
    const left = search.get("status") === "CANCELED";
    void (left ? payments.cancel(returning) : payments.authorize(returning)).then(show);
  });

  // Back from the card page out of the browser's page cache: no script ran again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setState("ready");
      settleLeftPage(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  });

  const start = async (sent: Promise<PaymentOutcome>) => {
    setState("loading");
    setFailure(null);
    setNotice(null);
    const outcome = await sent;
    // The card page is the API's (the gateway's) page, on the API's host.
    if (outcome.ok && outcome.answer.redirectUrl) {
      sessionStorage.setItem(cardPageKey(order.id), outcome.answer.transactionID);
      return window.location.assign(
        new URL(outcome.answer.redirectUrl, new URL(client.apiBase, window.location.href)).href,
      );
    }
    show(outcome);
  };

  const payInCash = async () => {
    setState("loading");
    setFailure(null);
    setNotice(null);
    const failed = await payments.cash();
    setState(failed ? "ready" : "complete");
    if (!failed) return thank();
    setFailure(paymentFailureText(failed, t));
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
      {notice && <p className="rounded-2xl bg-black/5 px-4 py-3">{notice}</p>}
      <div className="grid gap-2">
        {cards.map((card) => (
          <button
            key={card.code}
            type="button"
            disabled={busy}
            onClick={() => void start(payments.intent(card.code))}
            className="min-h-12 rounded-full border border-line px-6 text-start font-medium"
          >
            {t("payment.withCard", { card: card.card ? cardNumberText(card.card, t) : "" })}
          </button>
        ))}
        <StateButton
          type="button"
          state={state}
          onClick={() => void start(payments.create(here))}
          className="min-h-12 rounded-full bg-brand px-6 font-semibold text-brand-ink"
        >
          {t("payment.pay", { amount: formatMoney(order.price, order.currencyCode, locale) })}
        </StateButton>
        {cash && (
          <button
            type="button"
            disabled={busy}
            onClick={() => void payInCash()}
            className="min-h-12 rounded-full border border-line px-6 font-medium"
          >
            {t("payment.cash")}
          </button>
        )}
      </div>
      <OrderSummary order={order} level={2} />
    </section>
  );
}
