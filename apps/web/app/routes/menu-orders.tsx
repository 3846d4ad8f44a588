import { applyOrderStatus, isActiveOrderStatus, type OrderStatusName } from "@storefront/domain";
import { endpoints } from "@storefront/domain/endpoints";
import { useState } from "react";
import { ActiveOrderTracker } from "../components/active-order-tracker.tsx";
import { OrderCard, type OrderCardData, orderCardOf } from "../components/order-card.tsx";
import { titleFrom } from "../components/titled.ts";
import { clientGet } from "../lib/api.client.ts";
import { apiGet } from "../lib/api.server.ts";
import { serverTranslator } from "../lib/catalogs.server.ts";
import { useLocale, useT } from "../lib/i18n.ts";
import { revalidateUnlessModal } from "../lib/revalidation.ts";
import { visitorOf } from "../lib/storefront.server.ts";
import { useStorefront } from "../lib/storefront.ts";
import type { Route } from "./+types/menu-orders";

/** Opening or closing a modal over the page does not load its data again. */
export const shouldRevalidate = revalidateUnlessModal;

export async function loader({ context }: Route.LoaderArgs) {
  const visitor = visitorOf(context);
  const [t, orders] = await Promise.all([
    serverTranslator(visitor.locale),
    apiGet(endpoints.customer.orders(), visitor.caller),
  ]);
  // The cards' fields only: a page of 30 whole orders (lines, prices, history) would be ~90 kB.
  const first = {
    activeOrders: orders.activeOrders.map(orderCardOf),
    deliveredOrders: orders.deliveredOrders.map(orderCardOf),
    page: orders.page,
    totalElements: orders.totalElements,
  };
  return { title: t("title.orders"), first };
}

export function meta({ matches, data }: Route.MetaArgs) {
  return titleFrom(matches, data?.title ?? "");
}

/**
 * The orders history: the active orders, then the delivered ones, 30 at a time. Active orders are
 * followed live: one that ends moves to the front of the delivered list.
 */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const { client } = useStorefront();
  const { first } = loaderData;
  const [more, setMore] = useState({
    key: first,
    active: first.activeOrders,
    delivered: first.deliveredOrders,
    page: first.page,
  });
  if (more.key !== first)
    setMore({ key: first, active: first.activeOrders, delivered: first.deliveredOrders, page: first.page });
  const onStatus = (id: number, status: OrderStatusName) =>
    setMore((current) => {
      const next = applyOrderStatus(
        { activeOrders: current.active, deliveredOrders: current.delivered },
        { id, status },
        (s) => isActiveOrderStatus(s),
      );
      return { ...current, active: next.activeOrders, delivered: next.deliveredOrders };
    });
  const onEta = (id: number, eta: OrderCardData["eta"]) =>
    setMore((current) => ({
      ...current,
      active: current.active.map((order) => (order.id === id ? { ...order, eta } : order)),
    }));
  const loadMore = async () => {
    const next = await clientGet(client, endpoints.customer.orders(more.page + 1), locale).catch(() => null);
    if (next)
      setMore({
        ...more,
        delivered: [...more.delivered, ...next.deliveredOrders.map(orderCardOf)],
        page: next.page,
      });
  };
  const empty = more.active.length === 0 && more.delivered.length === 0;
  return (
    <section className="grid gap-5 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-bold">{t("title.orders")}</h1>
      {empty && (
        <div className="py-6 text-center">
          <p className="text-lg font-semibold">{t("orders.empty")}</p>
          <p className="mt-1 text-ink-soft">{t("orders.empty.hint")}</p>
        </div>
      )}
      {more.active.map((order) => (
        <ActiveOrderTracker key={order.id} order={order} onStatus={onStatus} onEta={onEta} />
      ))}
      {more.active.length > 0 && (
        <section aria-labelledby="active-orders" className="grid gap-2">
          <h2 id="active-orders" className="text-lg font-semibold">
            {t("orders.active")}
          </h2>
          <ul className="grid gap-2">
            {more.active.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {more.delivered.length > 0 && (
        <section aria-labelledby="delivered-orders" className="grid gap-2">
          <h2 id="delivered-orders" className="text-lg font-semibold">
            {t("orders.past")}
          </h2>
          <ul className="grid gap-2">
            {more.delivered.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          {more.delivered.length < first.totalElements && (
            <button
              type="button"
              onClick={() => void loadMore()}
              className="min-h-11 justify-self-center rounded-full border border-line px-6 font-medium"
            >
              {t("orders.more")}
            </button>
          )}
        </section>
      )}
    </section>
  );
}
